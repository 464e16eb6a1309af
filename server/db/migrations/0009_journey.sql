CREATE TABLE "handoff_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"order_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "purchase_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rejections" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "handoff_tokens" ADD CONSTRAINT "handoff_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_drafts" ADD CONSTRAINT "purchase_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handoff_tokens_hash_key" ON "handoff_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "handoff_tokens_user_idx" ON "handoff_tokens" USING btree ("user_id");--> statement-breakpoint
-- Review used to name one document with free text; it becomes one entry of the list, its text kept as staff's note.
UPDATE "orders" SET "rejections" = jsonb_build_array(jsonb_build_object('document', "reject_reason"->>'document', 'reason', 'other', 'note', coalesce("reject_reason"->>'reason', ''))) WHERE "reject_reason" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "reject_reason";--> statement-breakpoint
-- Prices are shown tax-included (Japan's total-price display); the terms and the FAQ said the tax came on top.
UPDATE "pages" SET "body_cn" = replace("body_cn", '套餐价格与月租均以日元计价，另加收 10% 消费税。', '套餐价格与月租均以日元计价，所示金额均已包含 10% 消费税，并注明其中的税额。'), "body_ja" = replace("body_ja", 'プラン料金および月額料金は日本円で表示し、別途 10% の消費税がかかります。', 'プラン料金および月額料金は日本円で、消費税 10% を含む総額で表示し、うち消費税額を併記します。');--> statement-breakpoint
UPDATE "faqs" SET "answer_cn" = replace("answer_cn", '页面上显示的价格均已包含 10% 消费税，套餐价格和月租另加的 10% 消费税在结算时一并计算。', '页面上显示的价格均已包含 10% 消费税，价格旁注明其中的税额，结算时不再另加。'), "answer_ja" = replace("answer_ja", '画面の価格はすべて消費税 10% 込みです。プラン料金と月額料金には 10% の消費税がかかります。', '画面の価格はすべて消費税 10% 込みの総額で、うち消費税額を併記しています。お支払い時に別途加算されることはありません。');
