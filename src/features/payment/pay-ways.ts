import { isRunnable, matrixRow, type PayWay } from '../../../contract/containers';
import type { Container } from '../../../contract/containers';
import type { PaymentConfig, PayMethod } from '../../../contract/api';
import { isPayMethod, type PayPhase } from './payment-types';

/**
 * This container's row of contract/containers.ts, kept to what this deployment offers: the methods
 * it takes and the scenes its providers run. Ways that run here come first, then hand-offs.
 */
export function waysFor(platform: Container, config: PaymentConfig | null, desktop: boolean): PayWay[] {
  const offered = config?.methods ?? ['card'];
  const scenes = config?.scenes ?? ['card'];
  const row = matrixRow(platform, { desktop, wechatH5: config?.wechatH5 ?? false });
  return row.pay.filter((way) => offered.includes(way.method) && (!isRunnable(way) || scenes.includes(way.scene)));
}

/**
 * The buttons: everything but the methods that are only explained. A charge is paid where the
 * customer is (a continuation link names an order or the bill, not a charge), so only the
 * ways that run here; the card runs everywhere.
 */
export function choicesOf(ways: PayWay[], payingCharge: boolean): PayWay[] {
  if (payingCharge) return ways.filter((way) => isRunnable(way));
  return ways.filter((way) => isRunnable(way) || way.instead !== 'explain');
}

/** Methods this deployment offers that have no way in from this app, with why. */
export function unavailableOf(ways: PayWay[], platform: Container): { method: PayMethod; reasonKey: string }[] {
  return ways
    .filter((way) => !isRunnable(way) && way.instead === 'explain')
    .map((way) => ({ method: way.method, reasonKey: `payment.explain.${platform}.${way.method}` }));
}

/** The server's word on an attempt that will not be paid, as the screen shows it; null while it may be. */
export function failedPhase(status: string, failureCode: string | null | undefined, method: string): PayPhase | null {
  // Replaced by a newer attempt before it was paid: nothing was taken (or it goes back).
  if (status === 'closed') return { kind: 'failed', reasonKey: 'payment.closed' };
  if (status === 'failed' || status === 'expired') {
    const code = failureCode ?? 'PROVIDER_FAILED';
    const used = isPayMethod(method) ? method : undefined;
    return used === 'card'
      ? { kind: 'failed', reasonKey: `card.errors.${code}`, cardCode: code, method: used }
      : { kind: 'failed', reasonKey: `payResult.reason.${code}`, method: used };
  }
  return null;
}
