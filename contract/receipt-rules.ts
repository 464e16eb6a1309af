import { z } from 'zod';

// Receipts and qualified invoices (適格請求書, Japan since October 2023): what a customer may
// ask for and how the tax on one is stated. Prices in this product include tax
// (contract/pricing.ts adds it once, before anything is charged), so a receipt states, per tax
// rate, what was paid at that rate and the tax contained in it.

/** What a receipt is for: the payment's target (a charge is a top-up or a fee). */
export const RECEIPT_SUBJECTS = ['order', 'bill', 'charge'] as const;
export type ReceiptSubject = (typeof RECEIPT_SUBJECTS)[number];

export const ADDRESSEE_MAX = 60;

// Letters, marks, digits, punctuation, symbols and plain spaces; no control, format (bidi
// overrides, zero-width joiners), private-use, surrogate or unassigned characters, which would
// print as nothing or reorder the line on a legal document.
const ADDRESSEE_TEXT = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]+$/u;

/** The addressee (宛名) a customer sets once: 1 to 60 characters of printable text. */
export const addresseeRule = z
  .string({ error: 'REQUIRED' })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, 'REQUIRED')
      .refine((v) => [...v].length <= ADDRESSEE_MAX, 'TOO_LONG')
      .refine((v) => ADDRESSEE_TEXT.test(v), 'ADDRESSEE_INVALID'),
  );

export interface TaxedLine {
  /** Yen including tax. */
  amount: number;
  taxRate: number;
}

export interface RateTotal {
  rate: number;
  /** Yen paid at this rate, tax included. */
  amount: number;
  /** The consumption tax in it. */
  tax: number;
}

/**
 * The tax per rate of one document: the lines of each rate are added first and the tax is taken
 * from that sum once, truncated (切り捨て: the NTA allows truncating, rounding or rounding up,
 * once per invoice and rate; truncation matches contract/pricing.ts, which drops fractions).
 * Taxing each line and adding the results is what the qualified-invoice rules forbid.
 * Highest rate first, as the tables on Japanese invoices read.
 */
export function taxPerRate(lines: readonly TaxedLine[]): RateTotal[] {
  const sums = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isInteger(line.amount) || !Number.isInteger(line.taxRate) || line.taxRate < 0)
      throw new RangeError('amounts and rates are integers');
    sums.set(line.taxRate, (sums.get(line.taxRate) ?? 0) + line.amount);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, amount]) => ({ rate, amount, tax: Math.floor((amount * rate) / (100 + rate)) }));
}

/**
 * A refund of `refunded` yen against a receipt's rate totals: shared out over the rates in
 * proportion (the last rate takes what rounding left, so the parts add up to the refund), each
 * part's tax taken once, as on the receipt.
 */
export function refundPerRate(receipt: readonly RateTotal[], refunded: number): RateTotal[] {
  const paid = receipt.reduce((sum, r) => sum + r.amount, 0);
  if (paid <= 0 || refunded <= 0) return [];
  let left = Math.min(refunded, paid);
  const parts = receipt.map((r, i) => {
    const amount = i === receipt.length - 1 ? left : Math.floor((Math.min(refunded, paid) * r.amount) / paid);
    left -= amount;
    return { amount, taxRate: r.rate };
  });
  return taxPerRate(parts.filter((p) => p.amount > 0));
}

/** Receipt and credit-note numbers: a series per year, R-2026-000123 and C-2026-000007. */
export function documentNo(prefix: 'R' | 'C', year: number, n: number): string {
  return `${prefix}-${year}-${String(n).padStart(6, '0')}`;
}

export const receiptSubjectQuerySchema = z.object({
  kind: z.enum(RECEIPT_SUBJECTS),
  no: z.string().min(1).max(40),
});

export const addresseeBodySchema = z.object({
  kind: z.enum(RECEIPT_SUBJECTS),
  no: z.string().min(1).max(40),
  // Length and characters are the rule's (a localized field error); past 200 is malformed.
  addressee: z.string().max(200).optional(),
});

/** The receipt itself, or one of its credit notes by number. */
export const receiptLinkBodySchema = z.object({
  kind: z.enum(RECEIPT_SUBJECTS),
  no: z.string().min(1).max(40),
  creditNoteNo: z.string().max(40).optional(),
});

/** How long a download link works. */
export const RECEIPT_LINK_MINUTES = 5;
