import { z } from 'zod';
import { PAYMENT_STATUSES, REFUND_STATUSES } from './console-values';
import type {
  AdminPayment,
  BillList,
  BillRunPreview,
  BillRunResult,
  PaymentList,
  RefundList,
  RefundRetried,
  UsageImportResult,
} from './admin-api';

// The staff console's money pages (/api/admin/payments, refunds, bills, bill-run, usage):
// requests, and replies the server serializes through. Each reply schema gives exactly the type
// of contract/admin-api.ts; the `Exactly` checks below fail to compile when the two drift apart.

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** An optional filter from a select whose "all" sends an empty value. */
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).optional());

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

// The lists live where the console can take them without zod.
export { PAYMENT_STATUSES, REFUND_STATUSES } from './console-values';

/** GET /api/admin/payments?status=&q= (q: a payment, order or bill number, or a part of an e-mail). */
export const paymentListQuerySchema = z.object({ status: choice(PAYMENT_STATUSES), q: z.string().max(200).optional() });
export const paymentParamsSchema = z.object({ paymentNo: z.string().max(40) });

const paymentRow = z.object({
  paymentNo: z.string(),
  method: z.string(),
  scene: z.string(),
  amount: z.number().int(),
  status: z.string(),
  target: z.string(),
  customerId: z.number().int(),
  customer: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refunded: z.number().int(),
});

export const paymentListSchema = z.object({ payments: z.array(paymentRow) }) satisfies z.ZodType<PaymentList>;

export const adminPaymentSchema = z.object({
  payment: paymentRow,
  providerState: z.enum(['paid', 'failed', 'pending', 'unknown']),
  refunds: z.array(
    z.object({
      refundNo: z.string(),
      amount: z.number().int(),
      status: z.string(),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
  refundable: z.number().int(),
  partialRefund: z.boolean(),
}) satisfies z.ZodType<AdminPayment>;

/** POST /api/admin/payments/:paymentNo/refund: yen as a whole number from 1, and why. */
export const refundBodySchema = z.object({
  amount: z
    .number({ error: 'REFUND_AMOUNT_INVALID' })
    .int('REFUND_AMOUNT_INVALID')
    .min(1, 'REFUND_AMOUNT_INVALID')
    .max(100_000_000, 'REFUND_AMOUNT_INVALID'),
  reason: z.string({ error: 'REQUIRED' }).trim().min(1, 'REQUIRED').max(200, 'TOO_LONG'),
});

/** GET /api/admin/refunds?status= */
export const refundListQuerySchema = z.object({ status: choice(REFUND_STATUSES) });
export const refundParamsSchema = z.object({ refundNo: z.string().max(40) });

const refundRow = z.object({
  refundNo: z.string(),
  paymentNo: z.string(),
  method: z.string(),
  amount: z.number().int(),
  status: z.string(),
  reason: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  target: z.string(),
  createdAt: z.string(),
});
export const refundListSchema = z.object({ refunds: z.array(refundRow) }) satisfies z.ZodType<RefundList>;
export const refundRetriedSchema = z.object({ refund: refundRow }) satisfies z.ZodType<RefundRetried>;

/** GET /api/admin/bills?month=YYYY-MM (this Tokyo month when empty). */
export const billListQuerySchema = z.object({
  month: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: 'MONTH_INVALID' }).regex(MONTH, 'MONTH_INVALID').optional(),
  ),
});
export const billListSchema = z.object({
  bills: z.array(
    z.object({
      billNo: z.string(),
      customerId: z.number().int(),
      customer: z.string(),
      month: z.string(),
      total: z.number().int(),
      status: z.string(),
      dueDate: z.string(),
    }),
  ),
}) satisfies z.ZodType<BillList>;

/** POST /api/admin/bill-run, and GET /api/admin/bill-run?month= (its preview). */
export const billRunBodySchema = z.object({
  month: z.string({ error: 'MONTH_INVALID' }).regex(MONTH, 'MONTH_INVALID'),
});
/** The preview's query as it arrives: any short text, judged by billRunBodySchema in the handler. */
export const billRunPreviewQuerySchema = z.object({ month: z.string().max(20).optional() });
export const billRunPreviewSchema = z.object({
  month: z.string(),
  lines: z.number().int(),
  toIssue: z.number().int(),
}) satisfies z.ZodType<BillRunPreview>;
export const billRunResultSchema = z.object({
  lines: z.number().int(),
  created: z.number().int(),
}) satisfies z.ZodType<BillRunResult>;

/** POST /api/admin/usage: the file's text (the body limit, 1 MB, caps it) and whether to write. */
export const usageImportBodySchema = z.object({
  csv: z.string({ error: 'REQUIRED' }).min(1, 'REQUIRED'),
  dryRun: z.boolean(),
});
export const usageImportResultSchema = z.object({
  dryRun: z.boolean(),
  changes: z.array(
    z.object({ msisdn: z.string(), day: z.string(), before: z.number().int().nullable(), after: z.number().int() }),
  ),
  problems: z.array(z.string()),
}) satisfies z.ZodType<UsageImportResult>;

export type MoneyViewsAreExact = [
  Exactly<z.infer<typeof paymentListSchema>, PaymentList>,
  Exactly<z.infer<typeof adminPaymentSchema>, AdminPayment>,
  Exactly<z.infer<typeof refundListSchema>, RefundList>,
  Exactly<z.infer<typeof refundRetriedSchema>, RefundRetried>,
  Exactly<z.infer<typeof billListSchema>, BillList>,
  Exactly<z.infer<typeof billRunResultSchema>, BillRunResult>,
  Exactly<z.infer<typeof billRunPreviewSchema>, BillRunPreview>,
  Exactly<z.infer<typeof usageImportResultSchema>, UsageImportResult>,
];
export const exactMoneyViews: MoneyViewsAreExact = [true, true, true, true, true, true, true, true];
