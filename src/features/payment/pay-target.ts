import { readJson, writeJson, type KeyValueStorage } from '../../lib/persistence';

// What a payment is for, kept across a reload and a cashier's redirect: one order, one monthly
// bill, or one one-off charge (an eSIM reissue fee). Only one of the three is set at a time.

export type PayTarget = { orderNo?: string; billNo?: string; chargeNo?: string };
export type TargetKind = 'order' | 'bill' | 'charge';

const STORAGE_KEY = 'payment';

export function targetKind(target: PayTarget): TargetKind {
  return target.chargeNo ? 'charge' : target.billNo ? 'bill' : 'order';
}

/** The one number of the target, as /api/pay/create and /api/pay/refunds take it. */
export function targetFields(target: PayTarget): PayTarget {
  if (target.chargeNo) return { chargeNo: target.chargeNo };
  if (target.billNo) return { billNo: target.billNo };
  return target.orderNo ? { orderNo: target.orderNo } : {};
}

export function targetKey(target: PayTarget): string {
  const kind = targetKind(target);
  return `${kind}:${targetFields(target)[kind === 'order' ? 'orderNo' : kind === 'bill' ? 'billNo' : 'chargeNo'] ?? ''}`;
}

export const sameTarget = (a: PayTarget, b: PayTarget) => targetKey(a) === targetKey(b);

export function readTarget(storage: KeyValueStorage): Required<PayTarget> {
  const saved = readJson<PayTarget>(storage, STORAGE_KEY);
  return { orderNo: saved?.orderNo ?? '', billNo: saved?.billNo ?? '', chargeNo: saved?.chargeNo ?? '' };
}

export function writeTarget(storage: KeyValueStorage, target: PayTarget | null): void {
  writeJson(storage, STORAGE_KEY, target ? targetFields(target) : null);
}
