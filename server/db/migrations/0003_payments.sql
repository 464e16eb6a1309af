CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"notify_id" text NOT NULL,
	"payment_no" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"method" text NOT NULL,
	"scene" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'JPY' NOT NULL,
	"status" text NOT NULL,
	"provider_trade_no" text,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"masked_card_no" text NOT NULL,
	"behavior" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_trades" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"payment_no" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"return_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_key" ON "payment_notifications" USING btree ("provider","notify_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_no_key" ON "payments" USING btree ("payment_no");--> statement-breakpoint
CREATE INDEX "payments_target_idx" ON "payments" USING btree ("target_type","target_id");