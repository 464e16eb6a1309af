import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Lang } from '../../contract/api.js';
import type { Brand } from '../../contract/brand.js';
import { RECEIPT_LINK_MINUTES } from '../../contract/receipt-rules.js';
import type { Database } from '../db/client.js';
import { creditNotes, receiptLinks, receipts } from '../db/schema.js';
import { NotFoundError } from '../lib/errors.js';
import { renderReceiptPdf } from './receipt-pdf.js';
import { creditNotesOf, issueCopy, type CreditNoteRow, type ReceiptRow } from './receipts.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The receipt, or one of its credit notes, as a PDF: copy 1 is the original, later ones reissues. */
export function receiptPdf(
  brand: Brand,
  lang: Lang,
  receipt: ReceiptRow,
  creditNote: CreditNoteRow | null,
  copy: number,
  now = new Date(),
): Promise<Buffer> {
  const common = {
    lang,
    brand,
    issuedOn: now,
    addressee: receipt.addressee,
    subjectType: receipt.subjectType,
    subjectNo: receipt.subjectNo,
    paymentMethod: receipt.paymentMethod,
    lines: receipt.lines,
    reissue: copy > 1,
  };
  return renderReceiptPdf(
    creditNote
      ? {
          ...common,
          kind: 'credit',
          number: creditNote.creditNoteNo,
          receiptNo: receipt.receiptNo,
          transactionOn: creditNote.refundedAt,
          rateTotals: creditNote.rateTotals,
          total: creditNote.amount,
        }
      : {
          ...common,
          kind: 'receipt',
          number: receipt.receiptNo,
          transactionOn: receipt.paidAt,
          rateTotals: receipt.rateTotals,
          total: receipt.total,
        },
  );
}

/** The credit note of this receipt by its number, or a 404. */
export async function creditNoteOf(db: Database, receipt: ReceiptRow, creditNoteNo: string): Promise<CreditNoteRow> {
  const found = (await creditNotesOf(db, receipt)).find((c) => c.creditNoteNo === creditNoteNo);
  if (!found) throw new NotFoundError();
  return found;
}

/**
 * A copy issued to the customer: counted now (the addressee is fixed from here on), and a
 * link that gives this copy for a few minutes. The link is the proof, as a plain link or a web
 * view's own navigation carries no token header.
 */
export async function issueLink(
  db: Database,
  receipt: ReceiptRow,
  creditNote: CreditNoteRow | null,
  lang: Lang,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const copy = creditNote ? await issueCopy(db, 'credit', creditNote.id) : await issueCopy(db, 'receipt', receipt.id);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + RECEIPT_LINK_MINUTES * 60_000);
  // Links long past their time go as new ones are made.
  await db.delete(receiptLinks).where(lt(receiptLinks.expiresAt, new Date(now.getTime() - 3600_000)));
  await db.insert(receiptLinks).values({
    tokenHash: hashOf(token),
    receiptId: receipt.id,
    creditNoteId: creditNote?.id ?? null,
    copy,
    lang,
    expiresAt,
  });
  return { token, expiresAt };
}

/** What a link gives, or a 404 for an unknown or expired one (the same answer for both). */
export async function openLink(db: Database, token: string, now = new Date()) {
  const [link] = await db
    .select()
    .from(receiptLinks)
    .where(and(eq(receiptLinks.tokenHash, hashOf(token)), gt(receiptLinks.expiresAt, now)))
    .limit(1);
  if (!link) throw new NotFoundError();
  const [receipt] = await db.select().from(receipts).where(eq(receipts.id, link.receiptId)).limit(1);
  if (!receipt) throw new NotFoundError();
  let creditNote: CreditNoteRow | null = null;
  if (link.creditNoteId !== null) {
    const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, link.creditNoteId)).limit(1);
    creditNote = row ?? null;
  }
  const lang: Lang = link.lang === 'ja' ? 'ja' : 'cn';
  return { receipt, creditNote, copy: link.copy, lang };
}

/** An ASCII file name (Content-Disposition), whatever the document's language. */
export const fileNameOf = (receipt: ReceiptRow, creditNote: CreditNoteRow | null) =>
  `${creditNote ? creditNote.creditNoteNo : receipt.receiptNo}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
