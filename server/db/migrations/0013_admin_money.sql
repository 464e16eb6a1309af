CREATE TABLE "sandbox_refunds" (
	"refund_no" text PRIMARY KEY NOT NULL,
	"trade_no" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "refunds_payment_key";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "staff_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_surplus_payment_key" ON "refunds" USING btree ("payment_id") WHERE "refunds"."reason" in ('duplicate', 'closed');--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");