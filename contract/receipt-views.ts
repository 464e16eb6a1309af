import { z } from 'zod';

// What the receipt routes answer (server/receipts/routes/). Amounts are integer yen, tax included.

export const creditNoteViewSchema = z.object({
  creditNoteNo: z.string(),
  amount: z.number().int(),
  refundedAt: z.string(),
});

export const receiptSummarySchema = z.object({
  /** Null while the subject is not paid: there is nothing to receipt yet. */
  receipt: z
    .object({
      receiptNo: z.string(),
      total: z.number().int(),
      paidAt: z.string(),
      /** Empty until set. */
      addressee: z.string(),
      /** A copy has been issued: the addressee can no longer be set. */
      addresseeFixed: z.boolean(),
      downloads: z.number().int(),
      creditNotes: z.array(creditNoteViewSchema),
    })
    .nullable(),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

/** A short-lived link to the PDF: a plain link carries no token header, so the link is the proof. */
export const receiptLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export type ReceiptLink = z.infer<typeof receiptLinkSchema>;

export const receiptFileQuerySchema = z.object({ t: z.string().min(1).max(400) });

export const adminReceiptQuerySchema = z.object({
  kind: z.enum(['order', 'bill', 'charge']),
  no: z.string().min(1).max(40),
});

export const adminReceiptResentSchema = z.object({ receiptNo: z.string(), sentTo: z.string() });
