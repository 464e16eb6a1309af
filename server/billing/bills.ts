import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { bills } from '../db/schema.js';
import { NotFoundError } from '../lib/errors.js';

/** A customer's bills, newest month first. */
export async function listBills(db: Database, userId: number) {
  return db.select().from(bills).where(eq(bills.userId, userId)).orderBy(desc(bills.month));
}

/** One of the customer's own bills; another customer's number is not found. */
export async function billByNo(db: Database, userId: number, billNo: string) {
  const [bill] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.billNo, billNo), eq(bills.userId, userId)))
    .limit(1);
  if (!bill) throw new NotFoundError();
  return bill;
}
