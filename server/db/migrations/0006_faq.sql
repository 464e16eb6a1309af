CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"question_cn" text NOT NULL,
	"answer_cn" text NOT NULL,
	"question_ja" text NOT NULL,
	"answer_ja" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
