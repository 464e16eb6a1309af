import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { charges } from '../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A bill on an unpaid final bill (a booked cancellation) is paid with that final bill only: a
 * payment of the bill itself must neither open nor count, or the same month is paid twice.
 * Asked when a bill payment opens (targets.ts) and again when one settles (payment-settlement.ts),
 * so an attempt opened before the cancellation and confirmed after it is refunded. Once the final
 * bill is withdrawn (its charge cancelled) the bill is payable on its own again.
 */
export async function finalBillCovers(db: Tx | Database, bill: { userId: number; billNo: string }): Promise<boolean> {
  const [covering] = await db
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(
        eq(charges.kind, 'final_bill'),
        eq(charges.status, 'unpaid'),
        eq(charges.userId, bill.userId),
        sql`${charges.items} @> ${JSON.stringify([{ billNo: bill.billNo }])}::jsonb`,
      ),
    )
    .limit(1);
  return !!covering;
}

/** Whether a payment may pay this bill now: unpaid and not on an unpaid final bill. */
export async function billPayable(
  db: Tx | Database,
  bill: { userId: number; billNo: string; status: string } | undefined,
): Promise<boolean> {
  return !!bill && bill.status === 'unpaid' && !(await finalBillCovers(db, bill));
}
