import { randomInt } from 'node:crypto';
import { and, eq, like, lt } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { dataFlows } from '../../contract/line-states.js';
import { addonById } from '../../contract/topup-rules.js';
import { autoTopups, cardsOnFile, charges, payments, topups } from '../db/schema.js';
import { cancelCharge, createCharge } from '../billing/index.js';
import { lockLine, monthUsage } from '../line/index.js';
import { notify } from '../notifications/index.js';
import { settlePayment } from '../payments/index.js';
import { autoKeyPrefix, enabledAutoTopups, turnAutoTopupOff } from './card.js';
import { pushTopupsToCarrier } from './carrier.js';
import type { TopupDeps } from './deps.js';
import { openTopupOf, topupsAllowed } from './topups.js';

interface Started {
  topupId: number;
  lineId: number;
  userId: number;
  chargeId: number;
  paymentNo: string;
  amount: number;
  /** Null when the customer removed the card while the charge was unsettled. */
  memberId: string | null;
  cardSeq: string | null;
}

const newPaymentNo = (now: Date) =>
  `P${tokyoDate(now).replace(/-/g, '')}${String(now.getTime()).slice(-6)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/**
 * Under the line's lock, with the usage read again: the line is at 100 % of its quota (add-ons
 * included), automatic top-up is on with a card, no top-up is open and the month's cap is not
 * reached. Then the top-up (key `<lineId>:<month>:<n>`, unique: two servers or two runs buy
 * once), its charge and a pending card payment are written together; the card is charged after.
 */
async function startAutoTopup(deps: TopupDeps, lineId: number, now: Date): Promise<Started | null> {
  const today = tokyoDate(now);
  return deps.db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId);
    if (!(await topupsAllowed(tx, line))) return null;
    const [setting] = await tx.select().from(autoTopups).where(eq(autoTopups.lineId, lineId)).limit(1);
    const addon = setting && addonById(setting.addonId);
    if (!setting?.enabled || !addon) return null;
    const [card] = await tx.select().from(cardsOnFile).where(eq(cardsOnFile.userId, line.userId)).limit(1);
    if (!card) return null;
    const [usage] = await monthUsage(tx, [lineId], today);
    if (!usage || usage.usedMb < usage.quotaMb) return null;
    if (await openTopupOf(tx, lineId)) return null;
    const month = await tx
      .select()
      .from(topups)
      .where(like(topups.autoKey, autoKeyPrefix(lineId, today)));
    const counted = month.filter((t) => t.status === 'applied' || t.status === 'awaiting_payment').length;
    if (counted >= setting.monthlyCap) return null;
    const charge = await createCharge(
      tx,
      {
        userId: line.userId,
        kind: 'topup',
        lineId,
        amountExTax: addon.priceExTax,
        items: [{ code: `topup_${addon.id}`, amount: addon.priceExTax }],
      },
      now,
    );
    const [topup] = await tx
      .insert(topups)
      .values({
        lineId,
        userId: line.userId,
        addonId: addon.id,
        megabytes: addon.megabytes,
        chargeId: charge.id,
        source: 'auto',
        autoKey: `${lineId}:${today.slice(0, 7)}:${month.length + 1}`,
        createdAt: now,
      })
      .returning();
    const paymentNo = newPaymentNo(now);
    await tx.insert(payments).values({
      paymentNo,
      userId: line.userId,
      targetType: 'charge',
      targetId: charge.id,
      method: 'card',
      scene: 'card',
      amount: charge.total,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    return {
      topupId: topup!.id,
      lineId,
      userId: line.userId,
      chargeId: charge.id,
      paymentNo,
      amount: charge.total,
      memberId: card.memberId,
      cardSeq: card.cardSeq,
    };
  });
}

/**
 * Charges the card on file for a started automatic top-up and settles the payment through the
 * payment machinery (paid: the charge's effect applies the top-up; a real, refundable card
 * payment). Declined: the top-up fails, its charge is withdrawn, automatic top-up goes off and
 * the customer is told. The gateway not answering leaves it pending for the next sweep, which
 * asks with the same OrderID (the gateway charges an OrderID once).
 */
async function chargeAutoTopup(deps: TopupDeps, s: Started, now: Date): Promise<'paid' | 'declined' | 'pending'> {
  let result;
  try {
    // The card is gone: never charged again, but the gateway may have taken the money before
    // the timeout, so it is asked how that charge ended; never seen there, the top-up fails.
    result =
      s.memberId === null || s.cardSeq === null
        ? ((await deps.cardOnFile.findCharge(s.paymentNo)) ?? { status: 'declined' as const, code: 'card_removed' })
        : await deps.cardOnFile.chargeCard(s.memberId, s.cardSeq, s.paymentNo, s.amount);
  } catch (error) {
    deps.log?.error({ err: error, paymentNo: s.paymentNo }, 'card on file did not answer');
    return 'pending';
  }
  if (result.status === 'paid') {
    await settlePayment(deps, s.paymentNo, { paid: true, tradeNo: result.tradeNo }, 'auto-topup', now);
    return (await withdrawIfRefused(deps, s)) ? 'declined' : 'paid';
  }
  await settlePayment(deps, s.paymentNo, { paid: false, code: result.code }, 'auto-topup', now);
  await deps.db.transaction(async (tx) => {
    await lockLine(tx, s.lineId);
    const failed = await tx
      .update(topups)
      .set({ status: 'failed' })
      .where(and(eq(topups.id, s.topupId), eq(topups.status, 'awaiting_payment')))
      .returning();
    if (failed.length === 0) return;
    await cancelCharge(tx, s.chargeId);
    await turnAutoTopupOff(tx, s.lineId, s.memberId === null ? 'card_removed' : 'card_declined', now);
    await notify(tx, {
      userId: s.userId,
      kind: 'auto_topup_off',
      ref: `auto-topup:${s.topupId}`,
      link: '/pages/user/topup',
      params: {},
    });
  });
  return 'declined';
}

/**
 * The card was charged but the settlement found the top-up no longer payable (the line stopped
 * taking data between the start and the charge): the payment machinery refunds the money; the
 * top-up and its charge are withdrawn here, so nothing waits for a payment that will never count.
 * True when it was withdrawn.
 */
async function withdrawIfRefused(deps: TopupDeps, s: Started): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockLine(tx, s.lineId);
    const [charge] = await tx.select({ status: charges.status }).from(charges).where(eq(charges.id, s.chargeId));
    if (charge?.status !== 'unpaid') return false;
    const withdrawn = await tx
      .update(topups)
      .set({ status: 'cancelled' })
      .where(and(eq(topups.id, s.topupId), eq(topups.status, 'awaiting_payment')))
      .returning({ id: topups.id });
    if (withdrawn.length === 0) return false;
    await cancelCharge(tx, s.chargeId);
    return true;
  });
}

/** Automatic top-ups started earlier whose card charge has not settled (a gateway that did not answer). */
async function unfinished(deps: TopupDeps, before: Date): Promise<Started[]> {
  const rows = await deps.db
    .select({ topup: topups, payment: payments, card: cardsOnFile })
    .from(topups)
    .innerJoin(payments, and(eq(payments.targetType, 'charge'), eq(payments.targetId, topups.chargeId)))
    // A card removed meanwhile leaves the row here (to be finished), not waiting forever.
    .leftJoin(cardsOnFile, eq(cardsOnFile.userId, topups.userId))
    .where(
      and(
        eq(topups.source, 'auto'),
        eq(topups.status, 'awaiting_payment'),
        eq(payments.status, 'pending'),
        lt(payments.createdAt, before),
      ),
    )
    .limit(50);
  return rows.map(({ topup, payment, card }) => ({
    topupId: topup.id,
    lineId: topup.lineId,
    userId: topup.userId,
    chargeId: topup.chargeId,
    paymentNo: payment.paymentNo,
    amount: payment.amount,
    memberId: card?.memberId ?? null,
    cardSeq: card?.cardSeq ?? null,
  }));
}

export interface AutoTopupResult {
  bought: number;
  declined: number;
  pending: number;
  carrier: number;
}

/**
 * The automatic top-up's sweep (every minute from jobs/scheduled.ts, and right after a usage
 * import): lines at 100 % of their quota with it on buy their add-on, at most their monthly cap
 * times a Tokyo month; then paid top-ups are taken to the carrier. Idempotent: safe on every
 * server at once and after a crash.
 */
export async function autoTopupSweep(deps: TopupDeps, now = new Date()): Promise<AutoTopupResult> {
  const result: AutoTopupResult = { bought: 0, declined: 0, pending: 0, carrier: 0 };
  const count = (outcome: 'paid' | 'declined' | 'pending') => {
    if (outcome === 'paid') result.bought += 1;
    else if (outcome === 'declined') result.declined += 1;
    else result.pending += 1;
  };
  for (const s of await unfinished(deps, new Date(now.getTime() - 30_000))) count(await chargeAutoTopup(deps, s, now));
  const settings = await enabledAutoTopups(deps.db);
  const usage = await monthUsage(
    deps.db,
    settings.map((s) => s.lineId),
    tokyoDate(now),
  );
  for (const line of usage) {
    if (!dataFlows(line.status) || line.usedMb < line.quotaMb) continue;
    const started = await startAutoTopup(deps, line.lineId, now);
    if (started) count(await chargeAutoTopup(deps, started, now));
  }
  result.carrier = await pushTopupsToCarrier(deps);
  return result;
}
