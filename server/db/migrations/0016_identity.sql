CREATE TABLE "identity_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"verification_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text NOT NULL,
	"verified_name" text,
	"verified_birthday" text,
	"verified_postcode" text,
	"verified_address" text,
	"document_type" text,
	"document_last4" text,
	"document_expiry" text,
	"matched" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mismatched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_by" text,
	"provider_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "line_type" text DEFAULT 'data' NOT NULL;--> statement-breakpoint
ALTER TABLE "lines" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "handoff_tokens" ADD COLUMN "next" text DEFAULT 'pay' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line_type" text DEFAULT 'data' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_no_key" ON "identity_verifications" USING btree ("verification_no");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_ref_key" ON "identity_verifications" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "identity_verifications_order_idx" ON "identity_verifications" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_webhook_events_key" ON "identity_webhook_events" USING btree ("provider","event_id");