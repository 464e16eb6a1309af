-- Before the key: a payment a close and a create raced for may hold two rows (a `closed-*`
-- placeholder and the real trade). The close stands for a trade that took no money; then the
-- row that took money is kept, else the real one, else the newest.
UPDATE "sandbox_trades" AS "t" SET "status" = 'closed'
WHERE "t"."trade_no" NOT LIKE 'closed-%'
  AND "t"."status" IN ('pending', 'authenticated', 'auth_failed', 'failed')
  AND EXISTS (
    SELECT 1 FROM "sandbox_trades" AS "c"
    WHERE "c"."provider" = "t"."provider" AND "c"."payment_no" = "t"."payment_no" AND "c"."trade_no" LIKE 'closed-%'
  );--> statement-breakpoint
DELETE FROM "sandbox_trades" WHERE "trade_no" IN (
  SELECT "trade_no" FROM (
    SELECT "trade_no", row_number() OVER (
      PARTITION BY "provider", "payment_no"
      ORDER BY ("status" IN ('paid', 'refunded')) DESC, ("trade_no" LIKE 'closed-%') ASC, "created_at" DESC
    ) AS "rank" FROM "sandbox_trades"
  ) AS "ranked" WHERE "rank" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_trades_payment_key" ON "sandbox_trades" USING btree ("provider","payment_no");
