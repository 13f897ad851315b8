CREATE TABLE "response_decisions" (
	"response_id" uuid NOT NULL,
	"entry_key" text NOT NULL,
	"decision" text NOT NULL,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied" jsonb,
	CONSTRAINT "response_decisions_response_id_entry_key_pk" PRIMARY KEY("response_id","entry_key")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "anchor" jsonb;--> statement-breakpoint
ALTER TABLE "response_offers" ADD COLUMN "entry_count" integer;--> statement-breakpoint
ALTER TABLE "response_decisions" ADD CONSTRAINT "response_decisions_response_id_response_offers_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."response_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_decisions" ADD CONSTRAINT "response_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;