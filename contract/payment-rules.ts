import { z } from 'zod';

// Requests of the payment API. Length caps carry no error key: past them the request is
// malformed (400), not a customer's mistake. Which method and scene may pay is the server's
// decision (PAY_METHOD_UNAVAILABLE), so they arrive here as plain strings.

const formField = z.string().max(512).optional();

/** /api/pay/create: never an amount (the server prices the order); a card only as the gateway's token. */
export const payCreateBodySchema = z.object({
  orderNo: formField,
  /** Pays a monthly bill instead of an order. */
  billNo: formField,
  /** Pays a one-off charge (an eSIM reissue fee, server/billing/charges.ts) instead. */
  chargeNo: formField,
  method: formField,
  scene: formField,
  token: formField,
  /** The page's own word on a mini-program web view (contract/containers.ts refineContainer). */
  container: formField,
});

/** /api/pay/status, and the 3-D Secure return /api/pay/return/card. */
export const paymentNoQuerySchema = z.object({ paymentNo: z.string().max(40) });

/** /api/pay/refunds: one of my orders, or a bill. */
export const refundsQuerySchema = z.object({
  orderNo: z.string().max(32).optional(),
  billNo: z.string().max(32).optional(),
  chargeNo: z.string().max(32).optional(),
});

/** /api/pay/notify/:provider; the body stays raw text, as the provider signed it. */
export const notifyParamsSchema = z.object({ provider: z.string() });

export type PayCreateBody = z.infer<typeof payCreateBodySchema>;
