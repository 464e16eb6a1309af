CREATE TABLE "sandbox_card_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"card_seq" text NOT NULL,
	"masked_card_no" text NOT NULL,
	"card_expiry" text NOT NULL,
	"behavior" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "topups" ADD COLUMN "carrier_acked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD COLUMN "card_expiry" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_members_key" ON "sandbox_card_members" USING btree ("member_id","card_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "topups_one_open_key" ON "topups" USING btree ("line_id") WHERE "topups"."status" = 'awaiting_payment';