import { eq } from 'drizzle-orm';
import { payments } from '../db/schema.js';
import type { SettleDeps } from './payment-settlement.js';
import { settlePayment } from './payments.js';

/**
 * Back from 3-D Secure: the gateway, not the browser, says whether the challenge passed.
 * Anyone may trigger it (the issuer redirects the browser), so it only ever asks the gateway.
 * Answers where the browser goes next: the success page, which reads the payment's status.
 */
export async function completeCardReturn(deps: SettleDeps, paymentNo: string): Promise<string> {
  await settleCardSecure(deps, paymentNo);
  return `/h5/pages/public/success?paymentNo=${encodeURIComponent(paymentNo)}`;
}

async function settleCardSecure(deps: SettleDeps, paymentNo: string): Promise<void> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.paymentNo, paymentNo)).limit(1);
  const provider = deps.providers.card;
  if (!payment || payment.status !== 'pending' || payment.method !== 'card' || !provider.completeSecure) return;
  const done = await provider.completeSecure({
    paymentNo: payment.paymentNo,
    providerTradeNo: payment.providerTradeNo,
  });
  if (done.status === 'pending') return;
  const result =
    done.status === 'paid'
      ? { paid: true as const, tradeNo: payment.providerTradeNo ?? '' }
      : { paid: false as const, code: done.code };
  await settlePayment(deps, paymentNo, result, 'provider:card');
}
