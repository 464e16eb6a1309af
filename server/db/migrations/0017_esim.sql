CREATE TABLE "esim_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"iccid" text NOT NULL,
	"smdp_address" text NOT NULL,
	"matching_id_sealed" text NOT NULL,
	"confirmation_code_sealed" text,
	"status" text DEFAULT 'available' NOT NULL,
	"order_id" integer,
	"line_id" integer,
	"msisdn" text,
	"reserved_at" timestamp with time zone,
	"provider_state" text,
	"provider_state_at" timestamp with time zone,
	"marked_installed_at" timestamp with time zone,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_by" text NOT NULL,
	"assigned_at" timestamp with time zone,
	"installed_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"release_pending" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "esim_reissues" (
	"id" serial PRIMARY KEY NOT NULL,
	"reissue_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"charge_id" integer,
	"requested_by" text NOT NULL,
	"old_profile_id" integer,
	"new_profile_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_esim_profiles" (
	"iccid" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"msisdn" text,
	"matching_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "esim" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "esim_profiles" ADD CONSTRAINT "esim_profiles_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_profiles" ADD CONSTRAINT "esim_profiles_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_reissues" ADD CONSTRAINT "esim_reissues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_reissues" ADD CONSTRAINT "esim_reissues_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_reissues" ADD CONSTRAINT "esim_reissues_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esim_reissues" ADD CONSTRAINT "esim_reissues_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "esim_profiles_iccid_key" ON "esim_profiles" USING btree ("iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_profiles_live_order_key" ON "esim_profiles" USING btree ("order_id") WHERE "esim_profiles"."status" in ('assigned', 'installed');--> statement-breakpoint
CREATE INDEX "esim_profiles_available_idx" ON "esim_profiles" USING btree ("id") WHERE "esim_profiles"."status" = 'available';--> statement-breakpoint
CREATE INDEX "esim_profiles_order_idx" ON "esim_profiles" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_reissues_no_key" ON "esim_reissues" USING btree ("reissue_no");--> statement-breakpoint
CREATE UNIQUE INDEX "esim_reissues_open_key" ON "esim_reissues" USING btree ("line_id") WHERE "esim_reissues"."status" in ('awaiting_payment', 'processing', 'waiting_stock');--> statement-breakpoint
CREATE UNIQUE INDEX "charges_charge_no_key" ON "charges" USING btree ("charge_no");--> statement-breakpoint
CREATE INDEX "charges_user_idx" ON "charges" USING btree ("user_id");--> statement-breakpoint
UPDATE "plans" SET "esim" = true WHERE "code" IN ('standard-20', 'voice-10');
