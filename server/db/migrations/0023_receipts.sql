CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_no" text NOT NULL,
	"receipt_id" integer NOT NULL,
	"refund_id" integer NOT NULL,
	"rate_totals" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_pk" PRIMARY KEY("series")
);
--> statement-breakpoint
CREATE TABLE "receipt_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"receipt_id" integer NOT NULL,
	"credit_note_id" integer,
	"copy" integer NOT NULL,
	"lang" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_no" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_no" text NOT NULL,
	"subject_kind" text DEFAULT '' NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" integer,
	"payment_method" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"rate_totals" jsonb NOT NULL,
	"total" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"addressee" text DEFAULT '' NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_links" ADD CONSTRAINT "receipt_links_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_links" ADD CONSTRAINT "receipt_links_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_no_key" ON "credit_notes" USING btree ("credit_note_no");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_refund_key" ON "credit_notes" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "credit_notes_receipt_idx" ON "credit_notes" USING btree ("receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_links_token_key" ON "receipt_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "receipt_links_expires_idx" ON "receipt_links" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_receipt_no_key" ON "receipts" USING btree ("receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_subject_key" ON "receipts" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "receipts_user_idx" ON "receipts" USING btree ("user_id");