ALTER TABLE "response_offers" ADD COLUMN "status" text DEFAULT 'SENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "response_offers" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "response_offers" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "response_offers" ADD CONSTRAINT "response_offers_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "response_offers" SET "sent_at" = "created_at", "sent_by" = "author_id" WHERE "sent_at" IS NULL;
