CREATE TABLE "added_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"scheme" text NOT NULL,
	"parent" text NOT NULL,
	"value" text NOT NULL,
	"title" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "added_services_scheme_value_uq" UNIQUE("scheme","value")
);
--> statement-breakpoint
CREATE TABLE "gats_commitments" (
	"id" serial PRIMARY KEY NOT NULL,
	"member" text NOT NULL,
	"member_key" text NOT NULL,
	"sector_code" text NOT NULL,
	"sector_name" text NOT NULL,
	"sector_text" text NOT NULL,
	"ma1" text NOT NULL,
	"ma2" text NOT NULL,
	"ma3" text NOT NULL,
	"ma4" text NOT NULL,
	"nt1" text NOT NULL,
	"nt2" text NOT NULL,
	"nt3" text NOT NULL,
	"nt4" text NOT NULL,
	"source" text NOT NULL,
	"row_hash" text NOT NULL,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gats_commitments_row_hash_unique" UNIQUE("row_hash")
);
--> statement-breakpoint
CREATE TABLE "gats_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"total" integer NOT NULL,
	"inserted" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gats_commitments_sector_idx" ON "gats_commitments" USING btree ("sector_code");--> statement-breakpoint
CREATE INDEX "gats_commitments_member_idx" ON "gats_commitments" USING btree ("member_key","sector_code");--> statement-breakpoint
CREATE INDEX "gats_commitments_sector_pattern_idx" ON "gats_commitments" USING btree ("sector_code" text_pattern_ops);