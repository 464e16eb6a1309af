CREATE TABLE "esim_notices" (
	"event_id" text PRIMARY KEY NOT NULL,
	"iccid" text NOT NULL,
	"state" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
