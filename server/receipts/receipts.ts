import { and, asc, eq, gt, notExists, sql } from 'drizzle-orm';
import { documentNo, refundPerRate, taxPerRate, type ReceiptSubject } from '../../contract/receipt-rules.js';
import type { Database } from '../db/client.js';
import { creditNotes, documentCounters, payments, receipts, refunds } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { paidSubject } from './subjects.js';

export type ReceiptRow = typeof receipts.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

const tokyoYear = (at: Date) => new Date(at.getTime() + 9 * 3600_000).getUTCFullYear();

/**
 * The next number of a series, in one statement: concurrent callers each get their own. A
 * number taken by a request that then loses the race for its subject stays unused (a gap),
 * which is allowed; a duplicate is not, and the unique key on the number would refuse one.
 */
async function nextNo(db: Database, prefix: 'R' | 'C', at: Date): Promise<string> {
  const year = tokyoYear(at);
  const series = `${prefix}-${year}`;
  const [row] = await db
    .insert(documentCounters)
    .values({ series, last: 1 })
    .onConflictDoUpdate({ target: documentCounters.series, set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  return documentNo(prefix, year, row!.last);
}

/**
 * The subject's receipt, made on first asking (idempotent: one per subject, whatever the
 * requests race). Null when the subject is not paid; a
 * subject that is not the customer's reads as none (`userId` null: staff, anyone's).
 */
export async function receiptFor(
  db: Database,
  type: ReceiptSubject,
  no: string,
  userId: number | null,
): Promise<ReceiptRow | null> {
  const subject = await paidSubject(db, type, no, userId);
  if (!subject) return null;
  const existing = await receiptOf(db, type, subject.id);
  if (existing) return existing;
  const rateTotals = taxPerRate(subject.lines);
  // The subject's row is locked while its receipt is made, so requests at once wait for the
  // first and find its receipt: no second receipt (the unique key would refuse one anyway) and
  // no number taken for nothing.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${sql.identifier(SUBJECT_TABLES[type])} where id = ${subject.id} for update`);
    const made = await receiptOf(tx, type, subject.id);
    if (made) return made;
    const [row] = await tx
      .insert(receipts)
      .values({
        receiptNo: await nextNo(tx, 'R', subject.paidAt),
        subjectType: type,
        subjectId: subject.id,
        subjectNo: subject.no,
        subjectKind: subject.kind,
        userId: subject.userId,
        paymentId: subject.paymentId,
        paymentMethod: subject.paymentMethod,
        lines: subject.lines,
        rateTotals,
        total: subject.total,
        paidAt: subject.paidAt,
      })
      .returning();
    return row!;
  });
}

const SUBJECT_TABLES: Record<ReceiptSubject, string> = { order: 'orders', bill: 'bills', charge: 'charges' };

async function receiptOf(db: Database, type: string, id: number): Promise<ReceiptRow | null> {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.subjectType, type), eq(receipts.subjectId, id)))
    .limit(1);
  return row ?? null;
}

export async function receiptByNo(db: Database, receiptNo: string): Promise<ReceiptRow | null> {
  const [row] = await db.select().from(receipts).where(eq(receipts.receiptNo, receiptNo)).limit(1);
  return row ?? null;
}

/** The customer's receipt or a 404, the same for another customer's as for none. */
export async function ownReceipt(db: Database, userId: number, type: ReceiptSubject, no: string) {
  const receipt = await receiptFor(db, type, no, userId);
  if (!receipt) throw new NotFoundError();
  return receipt;
}

/**
 * Sets the addressee, once: refused when one is set already or a copy has been issued (what
 * was printed on it must stay what the receipt says). The condition is in the update itself,
 * so two requests at once cannot both set it.
 */
export async function setAddressee(db: Database, receipt: ReceiptRow, addressee: string): Promise<ReceiptRow> {
  const [updated] = await db
    .update(receipts)
    .set({ addressee })
    .where(
      and(
        eq(receipts.id, receipt.id),
        eq(receipts.addressee, ''),
        eq(receipts.downloads, 0),
        // A credit note prints the addressee too: once one is issued, it is fixed as well.
        notExists(
          db
            .select({ one: sql`1` })
            .from(creditNotes)
            .where(and(eq(creditNotes.receiptId, receipt.id), gt(creditNotes.downloads, 0))),
        ),
      ),
    )
    .returning();
  if (!updated) throw new ApiError('ADDRESSEE_FIXED', 200, { addressee: 'ADDRESSEE_FIXED' });
  return updated;
}

/** Counts one more copy issued to the customer; returns its number (1: the original). */
export async function issueCopy(db: Database, table: 'receipt' | 'credit', id: number): Promise<number> {
  const t = table === 'receipt' ? receipts : creditNotes;
  const [row] = await db
    .update(t)
    .set({ downloads: sql`${t.downloads} + 1` })
    .where(eq(t.id, id))
    .returning({ downloads: t.downloads });
  if (!row) throw new NotFoundError();
  return row.downloads;
}

/**
 * The receipt's credit notes, one per completed refund of the payment it receipts (made here
 * the first time they are asked for; a refund still on its way has none yet). Surplus payments
 * sent back are not the receipt's payment and never appear.
 */
export async function creditNotesOf(db: Database, receipt: ReceiptRow): Promise<CreditNoteRow[]> {
  if (receipt.paymentId !== null) {
    const done = await db
      .select({ id: refunds.id, amount: refunds.amount, at: refunds.refundedAt, updatedAt: refunds.updatedAt })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(and(eq(refunds.paymentId, receipt.paymentId), eq(refunds.status, 'refunded')))
      .orderBy(asc(refunds.id));
    const known = new Set(
      (
        await db
          .select({ refundId: creditNotes.refundId })
          .from(creditNotes)
          .where(eq(creditNotes.receiptId, receipt.id))
      ).map((r) => r.refundId),
    );
    for (const refund of done) {
      if (known.has(refund.id)) continue;
      const refundedAt = refund.at ?? refund.updatedAt;
      await db
        .insert(creditNotes)
        .values({
          creditNoteNo: await nextNo(db, 'C', refundedAt),
          receiptId: receipt.id,
          refundId: refund.id,
          rateTotals: refundPerRate(receipt.rateTotals, refund.amount),
          amount: refund.amount,
          refundedAt,
        })
        .onConflictDoNothing({ target: creditNotes.refundId });
    }
  }
  return db.select().from(creditNotes).where(eq(creditNotes.receiptId, receipt.id)).orderBy(asc(creditNotes.id));
}
