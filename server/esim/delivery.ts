import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { auditLog, esimProfiles, orders } from '../db/schema.js';
import type { Database } from '../db/client.js';
import { assertIdentityFor, IdentityRefusal } from '../identity/index.js';
import { transitionOrder } from '../orders/index.js';
import { notify } from '../notifications/index.js';
import { assignProfile, reserveProfile, type EsimDeps } from './profiles.js';
import { alertLowStock } from './stock-alert.js';

// Delivery of an eSIM order: only once it may be delivered (paid, identity passed as for
// shipping, approved by staff), a profile is taken from stock, reserved at the carrier, and the
// order becomes esim_ready; the customer is told only that it is ready, with a link. Any failure
// leaves the order approved (with its profile, if one was taken) for the sweep to finish.

type OrderRow = typeof orders.$inferSelect;

export type DeliveryOutcome = 'ready' | 'waiting_stock' | 'not_deliverable' | 'provider_unavailable';

export const orderPage = (orderNo: string) => `/pages/order/detail?orderNo=${encodeURIComponent(orderNo)}`;

/** Whether the order is delivered as an eSIM. */
export const isEsimOrder = (order: Pick<OrderRow, 'info'>): boolean => order.info.delivery === 'esim';

async function availableCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(esimProfiles).where(eq(esimProfiles.status, 'available'));
  return row?.n ?? 0;
}

/**
 * Delivers one approved eSIM order, as far as it can go now. `actor` is who set it off
 * ('system' for the sweep, 'staff:<login>' after an approval): the order's history and the
 * audit row name them. Never throws for a business reason: the outcome says where it stopped.
 */
export async function deliverEsimOrder(deps: EsimDeps, orderId: number, actor = 'system'): Promise<DeliveryOutcome> {
  const { db } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order || !isEsimOrder(order) || order.status !== 'approved') return 'not_deliverable';
  try {
    // The law's check for a SIM leaving the shop holds for a profile too.
    await assertIdentityFor(db, order, 'ship');
  } catch (error) {
    if (error instanceof IdentityRefusal) return 'not_deliverable';
    throw error;
  }
  const profile = await db.transaction(async (tx) => {
    // The order's lock: two servers delivering the same order take one profile, not two.
    const [locked] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (locked?.status !== 'approved') return null;
    const taken = await assignProfile(tx, { orderId, lineId: null });
    if (taken) await alertLowStock(tx, deps, await availableCount(tx));
    return taken;
  });
  if (!profile) {
    deps.log.info({ orderNo: order.orderNo }, 'esim order waiting for stock');
    return 'waiting_stock';
  }
  try {
    await reserveProfile(deps, profile.id, null);
  } catch (error) {
    deps.log.warn(
      { orderNo: order.orderNo, iccid: profile.iccid, err: error },
      'esim reservation failed; the sweep retries',
    );
    return 'provider_unavailable';
  }
  try {
    await db.transaction(async (tx) => {
      await transitionOrder(tx, orderId, 'esim_ready', actor, `esim profile ${profile.iccid.slice(-4)}`);
      await tx.insert(auditLog).values({
        actor,
        action: 'esim-assigned',
        target: order.orderNo,
        detail: { iccid: profile.iccid },
      });
      await notify(tx, {
        userId: order.userId,
        kind: 'esim_ready',
        ref: `esim:${profile.iccid}`,
        link: orderPage(order.orderNo),
        params: { orderNo: order.orderNo },
        localized: { plan: order.planName },
      });
    });
  } catch (error) {
    // Another server finished it meanwhile (STATUS_CONFLICT): nothing more to do.
    if (error instanceof Error && (error as { key?: string }).key === 'STATUS_CONFLICT') return 'ready';
    throw error;
  }
  deps.log.info({ orderNo: order.orderNo, iccid: profile.iccid }, 'esim order ready');
  return 'ready';
}

/** Approved eSIM orders not yet delivered, oldest approval first (the sweep, an import). */
export async function approvedEsimOrders(db: Database, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'approved'), sql`${orders.info}->>'delivery' = 'esim'`))
    .orderBy(asc(orders.approvedAt), asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** How many approved eSIM orders hold no live profile (waiting for stock). */
export async function waitingOrders(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .leftJoin(
      esimProfiles,
      and(eq(esimProfiles.orderId, orders.id), sql`${esimProfiles.status} in ('assigned', 'installed')`),
    )
    .where(and(eq(orders.status, 'approved'), sql`${orders.info}->>'delivery' = 'esim'`, isNull(esimProfiles.id)));
  return row?.n ?? 0;
}

/**
 * Every approved eSIM order taken as far as it goes, oldest approval first; stops handing out
 * profiles once stock is empty. Answers how many became ready. Idempotent (the sweep, imports).
 */
export async function deliverWaitingOrders(deps: EsimDeps): Promise<number> {
  let ready = 0;
  for (const id of await approvedEsimOrders(deps.db)) {
    const outcome = await deliverEsimOrder(deps, id);
    if (outcome === 'ready') ready += 1;
    if (outcome === 'waiting_stock') break;
  }
  return ready;
}
