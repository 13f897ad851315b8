ALTER TABLE "offer_versions" ALTER COLUMN "snapshot" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "document" SET DATA TYPE json;