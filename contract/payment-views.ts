import { z } from 'zod';
import { refundViewSchema } from './views';

// Replies of the payment API inside the envelope's `data`. The server serializes through them
// (undeclared keys, such as the provider's trade number, are dropped); the app takes only their
// types (`import type`), so zod stays out of its first render.

/**
 * What the page does next: hand `params` to the platform's JS bridge, visit `url` (a cashier,
 * a 3-D Secure challenge), show `codeUrl` as a QR code to scan with a phone (WeChat Pay
 * Native), open the mini-program's pay page at `path`, or show the result (`code` says why a
 * payment failed).
 */
export const payOutcomeSchema = z.object({
  kind: z.enum(['bridge', 'redirect', 'qr', 'miniprogram', 'paid', 'failed']),
  params: z.record(z.string(), z.string()).optional(),
  url: z.string().optional(),
  codeUrl: z.string().optional(),
  path: z.string().optional(),
  code: z.string().optional(),
});

export const payCreatedSchema = z.object({ paymentNo: z.string(), outcome: payOutcomeSchema });

export const payStatusSchema = z.object({
  paymentNo: z.string(),
  status: z.string(),
  failureCode: z.string().nullable(),
  targetType: z.string(),
  /** wechat, alipay or card: the result screen speaks of the method that was used. */
  method: z.string(),
  /** Yen, tax included: what this attempt charges. */
  amount: z.number().int(),
  /** The order's or bill's number. */
  targetNo: z.string(),
  /** For a charge, what it pays (server/billing/charges.ts ChargeKind): the result page's words. */
  chargeKind: z.string().nullable().optional(),
  /** When it was paid, or started while not paid (ISO). */
  at: z.string(),
});

export const payRefundsSchema = z.object({ refunds: z.array(refundViewSchema) });

export type PayOutcome = z.infer<typeof payOutcomeSchema>;
export type PayCreated = z.infer<typeof payCreatedSchema>;
export type PayStatus = z.infer<typeof payStatusSchema>;
