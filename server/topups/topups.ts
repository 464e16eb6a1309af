import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { withTax } from '../../contract/pricing.js';
import { addonById, addonValidUntil, DATA_ADDONS } from '../../contract/topup-rules.js';
import type { TopupView } from '../../contract/topup-views.js';
import type { Database } from '../db/client.js';
import { charges, lines, topups } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { cancelCharge, createCharge, onChargePaid, onChargePayable, type ChargeRow } from '../billing/index.js';
import { dataFlowsNow, lockLine, type LineRow } from '../line/index.js';
import { notify } from '../notifications/index.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type TopupRow = typeof topups.$inferSelect;

/** "1 GB", "512 MB": the add-on's size as both languages write it. */
export const sizeWords = (megabytes: number): string =>
  megabytes % 1024 === 0 ? `${megabytes / 1024} GB` : `${megabytes} MB`;

/**
 * Paying a top-up's charge applies it, in the payment's transaction: valid from today (Tokyo)
 * to the add-on's last day, so the usage page's quota grows the moment the payment commits.
 * The carrier is told after the commit (carrier.ts), never inside this transaction.
 * Registered when this module loads, so the app and the worker both have it.
 */
onChargePaid('topup', async (tx: Tx, charge: ChargeRow, now: Date) => {
  const [topup] = await tx.select().from(topups).where(eq(topups.chargeId, charge.id)).for('update');
  if (!topup || topup.status !== 'awaiting_payment') return;
  const addon = addonById(topup.addonId);
  const today = tokyoDate(now);
  const validUntil = addon ? addonValidUntil(addon, today) : today;
  await tx
    .update(topups)
    .set({ status: 'applied', validFrom: today, validUntil, appliedAt: now })
    .where(eq(topups.id, topup.id));
  await notify(tx, {
    userId: topup.userId,
    kind: 'topup_applied',
    ref: `topup:${topup.id}`,
    link: '/pages/user/topup',
    params: { size: sizeWords(topup.megabytes), until: validUntil },
  });
});

/**
 * Whether a top-up makes sense on the line now: its data flows (contract dataFlows). The one
 * place creating, paying and pushing a top-up ask, so a finer rule (a pause running) goes here.
 */
export function topupsAllowed(db: Database | Tx, line: Pick<LineRow, 'id' | 'status'>): Promise<boolean> {
  // Not the status alone: a cancelling line may still be in its pause, its SIM off at the carrier.
  return dataFlowsNow(db, line);
}

// A top-up's charge is payable only while its line takes data: paying for an ended, lost,
// paused or suspended line would apply data nobody can use (the payment would be refunded).
onChargePayable('topup', async (db: Database | Tx, charge: ChargeRow) => {
  const [line] = charge.lineId
    ? await db.select({ id: lines.id, status: lines.status }).from(lines).where(eq(lines.id, charge.lineId))
    : [];
  if (!line || !(await topupsAllowed(db, line))) throw new ApiError('TOPUP_NOT_AVAILABLE');
});

/** The customer's line (the newest not ended), or null. */
export async function customerLine(db: Database | Tx, userId: number): Promise<LineRow | null> {
  const [line] = await db
    .select()
    .from(lines)
    .where(and(eq(lines.userId, userId), isNull(lines.endedAt)))
    .orderBy(desc(lines.activatedAt), desc(lines.id))
    .limit(1);
  return line ?? null;
}

/** The add-ons on sale, priced with tax, with the last day each would count if bought today. */
export const addonViews = (today: string) =>
  DATA_ADDONS.map((a) => ({
    id: a.id,
    megabytes: a.megabytes,
    price: withTax(a.priceExTax),
    validity: a.validity,
    validUntil: addonValidUntil(a, today),
  }));

export async function topupViews(db: Database | Tx, rows: TopupRow[]): Promise<TopupView[]> {
  if (rows.length === 0) return [];
  const paid = await db
    .select()
    .from(charges)
    .where(
      inArray(
        charges.id,
        rows.map((r) => r.chargeId),
      ),
    );
  const byId = new Map(paid.map((c) => [c.id, c]));
  return rows.map((r) => {
    const charge = byId.get(r.chargeId);
    return {
      id: r.id,
      addonId: r.addonId,
      megabytes: r.megabytes,
      source: r.source as TopupView['source'],
      status: r.status as TopupView['status'],
      price: charge?.total ?? 0,
      chargeNo: charge?.chargeNo ?? '',
      chargeStatus: charge?.status ?? '',
      validFrom: r.validFrom,
      validUntil: r.validUntil,
      createdAt: r.createdAt.toISOString(),
      appliedAt: r.appliedAt?.toISOString() ?? null,
    };
  });
}

export const openTopupOf = async (db: Database | Tx, lineId: number): Promise<TopupRow | null> =>
  (
    await db
      .select()
      .from(topups)
      .where(and(eq(topups.lineId, lineId), eq(topups.status, 'awaiting_payment')))
      .limit(1)
  )[0] ?? null;

/**
 * A top-up and its charge, in one transaction under the line's lock: a repeat (the same tap
 * sixty times) finds the open one and answers it, so one top-up and one charge stay open.
 * Only while data flows on the line (contract/line-states.ts dataFlows).
 */
export async function createTopup(
  db: Database,
  input: { userId: number; addonId: string; source: 'customer' | 'staff' },
  now = new Date(),
): Promise<TopupRow> {
  const addon = addonById(input.addonId);
  if (!addon) throw new ApiError('TOPUP_ADDON_INVALID', 200, { addonId: 'TOPUP_ADDON_INVALID' });
  const found = await customerLine(db, input.userId);
  if (!found) throw new ApiError('NO_LINE');
  return db.transaction(async (tx) => {
    const line = await lockLine(tx, found.id);
    if (!(await topupsAllowed(tx, line))) throw new ApiError('TOPUP_NOT_AVAILABLE');
    const open = await openTopupOf(tx, line.id);
    // The same tap again answers the open one; another add-on would silently be the wrong one.
    if (open && open.addonId !== addon.id) throw new ApiError('TOPUP_OPEN');
    if (open) return open;
    const charge = await createCharge(
      tx,
      {
        userId: input.userId,
        kind: 'topup',
        lineId: line.id,
        amountExTax: addon.priceExTax,
        items: [{ code: `topup_${addon.id}`, amount: addon.priceExTax }],
      },
      now,
    );
    const [row] = await tx
      .insert(topups)
      .values({
        lineId: line.id,
        userId: input.userId,
        addonId: addon.id,
        megabytes: addon.megabytes,
        chargeId: charge.id,
        status: 'awaiting_payment',
        source: input.source,
        createdAt: now,
      })
      .returning();
    return row!;
  });
}

/** Withdraws the customer's unpaid top-up and its charge, whatever its line's state; a charge paid meanwhile stays (CHARGE_NOT_PAYABLE). */
export async function cancelTopup(db: Database, userId: number): Promise<TopupRow> {
  // Found by the customer, not by their running line: one left open on a line that has ended
  // (or stopped) can still be withdrawn.
  const [mine] = await db
    .select({ lineId: topups.lineId })
    .from(topups)
    .where(and(eq(topups.userId, userId), eq(topups.status, 'awaiting_payment')))
    .orderBy(desc(topups.id))
    .limit(1);
  const lineId = mine?.lineId ?? (await customerLine(db, userId))?.id;
  if (lineId === undefined) throw new ApiError('NO_LINE');
  return db.transaction(async (tx) => {
    await lockLine(tx, lineId);
    const open = await openTopupOf(tx, lineId);
    if (!open) throw new ApiError('CHARGE_NOT_PAYABLE');
    await cancelCharge(tx, open.chargeId);
    const [cancelled] = await tx
      .update(topups)
      .set({ status: 'cancelled' })
      .where(and(eq(topups.id, open.id), eq(topups.status, 'awaiting_payment')))
      .returning();
    return cancelled ?? open;
  });
}

/** The line's top-ups, newest first. */
export const recentTopups = (db: Database | Tx, lineId: number, limit = 10) =>
  db
    .select()
    .from(topups)
    .where(eq(topups.lineId, lineId))
    .orderBy(desc(topups.createdAt), desc(topups.id))
    .limit(limit);
