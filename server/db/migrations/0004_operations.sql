CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"month" text NOT NULL,
	"items" jsonb NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"iccid" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"from_plan_id" integer NOT NULL,
	"to_plan_id" integer NOT NULL,
	"effective_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_id" integer NOT NULL,
	"day" date NOT NULL,
	"megabytes" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lines" ADD CONSTRAINT "lines_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_line_id_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_bill_no_key" ON "bills" USING btree ("bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_line_month_key" ON "bills" USING btree ("line_id","month");--> statement-breakpoint
CREATE INDEX "bills_user_idx" ON "bills" USING btree ("user_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "lines_msisdn_key" ON "lines" USING btree ("msisdn");--> statement-breakpoint
CREATE UNIQUE INDEX "lines_iccid_key" ON "lines" USING btree ("iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "lines_order_key" ON "lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "lines_user_idx" ON "lines" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "plan_changes_line_idx" ON "plan_changes" USING btree ("line_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_line_day_key" ON "usage_records" USING btree ("line_id","day");