CREATE TABLE "auto_topups" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"addon_id" text NOT NULL,
	"monthly_cap" integer NOT NULL,
	"disabled_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards_on_file" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"card_seq" text NOT NULL,
	"masked_number" text NOT NULL,
	"expiry" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_key" text NOT NULL,
	"operation" text NOT NULL,
	"iccid" text,
	"msisdn" text,
	"result" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"last_day" date NOT NULL,
	"requested_on" date NOT NULL,
	"billed_through" text NOT NULL,
	"rule" text NOT NULL,
	"from_status" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"charge_id" integer,
	"sim_return" boolean DEFAULT false NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "line_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"start_on" date NOT NULL,
	"resume_on" date NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "port_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reservation_no" text,
	"valid_until" date,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"issued_by" integer,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"replacement_no" text NOT NULL,
	"line_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"charge_id" integer,
	"esim_reissue_id" integer,
	"old_iccid" text NOT NULL,
	"new_iccid" text,
	"tracking_no" text,
	"address" jsonb,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "topups" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"addon_id" text NOT NULL,
	"megabytes" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"source" text NOT NULL,
	"auto_key" text,
	"valid_from" date,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "line_id" integer;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "items" jsonb;--> statement-breakpoint
ALTER TABLE "auto_topups" ADD CONSTRAINT "auto_topups_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards_on_file" ADD CONSTRAINT "cards_on_file_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_cancellations" ADD CONSTRAINT "line_cancellations_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_cancellations" ADD CONSTRAINT "line_cancellations_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_events" ADD CONSTRAINT "line_events_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_events" ADD CONSTRAINT "line_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_pauses" ADD CONSTRAINT "line_pauses_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_outs" ADD CONSTRAINT "port_outs_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_outs" ADD CONSTRAINT "port_outs_issued_by_staff_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_replacements" ADD CONSTRAINT "sim_replacements_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_replacements" ADD CONSTRAINT "sim_replacements_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topups" ADD CONSTRAINT "topups_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_requests_key" ON "carrier_requests" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "carrier_requests_iccid_idx" ON "carrier_requests" USING btree ("iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "line_cancellations_open_key" ON "line_cancellations" USING btree ("line_id") WHERE "line_cancellations"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "line_events_line_idx" ON "line_events" USING btree ("line_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "line_pauses_open_key" ON "line_pauses" USING btree ("line_id") WHERE "line_pauses"."status" in ('booked', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "port_outs_open_key" ON "port_outs" USING btree ("line_id") WHERE "port_outs"."status" in ('requested', 'issued');--> statement-breakpoint
CREATE UNIQUE INDEX "sim_replacements_no_key" ON "sim_replacements" USING btree ("replacement_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_replacements_open_key" ON "sim_replacements" USING btree ("line_id") WHERE "sim_replacements"."status" in ('awaiting_payment', 'preparing', 'shipped', 'ready_for_pickup');--> statement-breakpoint
CREATE INDEX "topups_line_idx" ON "topups" USING btree ("line_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "topups_charge_key" ON "topups" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "topups_auto_key" ON "topups" USING btree ("auto_key");