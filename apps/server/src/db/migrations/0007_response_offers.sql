CREATE TABLE "response_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"version_number" integer NOT NULL,
	"responder_country_id" integer NOT NULL,
	"author_id" uuid NOT NULL,
	"document" jsonb NOT NULL,
	"pdf_file_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "response_offers" ADD CONSTRAINT "response_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_offers" ADD CONSTRAINT "response_offers_responder_country_id_countries_id_fk" FOREIGN KEY ("responder_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_offers" ADD CONSTRAINT "response_offers_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "response_offers_offer_idx" ON "response_offers" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "response_offers_pdf_idx" ON "response_offers" USING btree ("pdf_file_key");