// Payments: one open attempt per order or bill, provider notifications, settlement, refunds and
// reconciliation, with each gateway's live adapter and the sandbox this server serves.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { standInsAllowed } from '../config.js';
import { paymentRoutes } from './routes/payments.js';
import { sandboxPayRoutes } from './routes/sandbox-pay.js';

export type { PaymentProvider } from './providers/payment-provider.js';
export { createPaymentProviders } from './providers/create-payments.js';
export { dueOrderExpiries, duePaymentChecks, expireOrder, reconcilePayment } from './reconciliation.js';
export { makeSandboxKeys, SANDBOX_GMO_SHOP_ID, type SandboxKeys } from './providers/sandbox-keys.js';
export { newRefundNo } from './payment-settlement.js';
export { sendRefund } from './refunds.js';
export { settlePayment } from './payments.js';
export { createCardOnFile } from './providers/create-payments.js';
export { CardOnFileError, type CardChargeResult, type CardOnFile, type SavedCard } from './providers/card-on-file.js';

/** Registers the domain's routes (app.ts). */
export async function paymentsDomain(app: FastifyInstance): Promise<void> {
  await app.register(paymentRoutes);
  const { WECHAT_MODE, ALIPAY_MODE, GMO_MODE } = app.config;
  if (standInsAllowed(app.config) && [WECHAT_MODE, ALIPAY_MODE, GMO_MODE].includes('sandbox'))
    await app.register(sandboxPayRoutes);
}
