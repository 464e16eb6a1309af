import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { payments, refunds } from './payments.js';

/** One line of a receipt as it was sold: words per language, yen including tax, its rate. */
export interface ReceiptLine {
  name: { cn: string; ja: string };
  qty: number;
  /** Yen including tax, per unit. */
  unitPrice: number;
  /** Yen including tax, the line (qty × unit price). */
  amount: number;
  taxRate: number;
}

/** Per tax rate: what was paid at that rate (tax included) and the tax in it, rounded once. */
export interface RateTotal {
  rate: number;
  amount: number;
  tax: number;
}

/**
 * A receipt (qualified invoice) per paid order, bill or charge (a top-up, a fee), made once: the
 * subject's unique key keeps a second one out whatever the requests race. Its lines and totals
 * are what was charged, copied when it is made; later price changes never reach it.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    receiptNo: text('receipt_no').notNull(),
    /** 'order' | 'bill' | 'charge' (the payment's target type) and the subject's id. */
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** The subject's own number (orderNo, billNo, chargeNo), as the customer knows it. */
    subjectNo: text('subject_no').notNull(),
    /** The charge's kind (topup, esim_reissue, ...) for a charge; empty otherwise. */
    subjectKind: text('subject_kind').notNull().default(''),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id').references(() => payments.id),
    paymentMethod: text('payment_method').notNull().default(''),
    lines: jsonb('lines').$type<ReceiptLine[]>().notNull(),
    rateTotals: jsonb('rate_totals').$type<RateTotal[]>().notNull(),
    total: integer('total').notNull(),
    /** The transaction date: when the payment settled. */
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** Empty until the customer sets it; fixed once a copy has been issued. */
    addressee: text('addressee').notNull().default(''),
    /** Copies issued to the customer; the second and later say 再発行. */
    downloads: integer('downloads').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_receipt_no_key').on(t.receiptNo),
    uniqueIndex('receipts_subject_key').on(t.subjectType, t.subjectId),
    index('receipts_user_idx').on(t.userId),
  ],
);

/** A credit note (返還インボイス) per completed refund of a receipt's payment. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    creditNoteNo: text('credit_note_no').notNull(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id),
    rateTotals: jsonb('rate_totals').$type<RateTotal[]>().notNull(),
    amount: integer('amount').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }).notNull(),
    downloads: integer('downloads').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_no_key').on(t.creditNoteNo),
    uniqueIndex('credit_notes_refund_key').on(t.refundId),
    index('credit_notes_receipt_idx').on(t.receiptId),
  ],
);

/** The next number per series ('R-2026', 'C-2026'), taken with one atomic upsert. */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series] })],
);

/**
 * A download link (a plain link carries no token header): only the SHA-256 of its token is
 * kept. It works for a few minutes and always gives the same copy, whose number was counted
 * when the link was made, so a viewer that fetches a PDF twice does not make a reissue of it.
 */
export const receiptLinks = pgTable(
  'receipt_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id),
    /** Which copy this link gives: 1 is the original, 2 and later say 再発行. */
    copy: integer('copy').notNull(),
    lang: text('lang').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('receipt_links_token_key').on(t.tokenHash), index('receipt_links_expires_idx').on(t.expiresAt)],
);
