import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { Lang, OrderView } from '../../contract/api.js';
import { carrierOf } from '../../contract/carriers.js';
import { tokyoDate } from '../../contract/calendar.js';
import { addWorkingDays, DISPATCH_WORKING_DAYS } from '../../contract/working-days.js';
import { canTransition, DOCUMENT_FIELD, isOrderStatus, type OrderStatus } from '../../contract/order-status.js';
import { taxOf, withTax } from '../../contract/pricing.js';
import {
  informationSchema,
  type OrderForm,
  type PurchaseInformation,
  type ResubmitForm,
} from '../../contract/purchase-rules.js';
import { photosRequired, type LineType } from '../../contract/identity-rules.js';
import { isDelivery } from '../../contract/esim-rules.js';
import type { Database } from '../db/client.js';
import { orderEvents, orders, plans, purchaseDrafts, stores } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { parseWith } from '../lib/validate.js';
import { documentExists, ownedDocuments } from '../documents/index.js';
import { notifyOrderMoved } from './order-notifications.js';

type OrderRow = typeof orders.$inferSelect;

export function toOrderView(row: OrderRow, lang: Lang): OrderView {
  const status: OrderStatus = isOrderStatus(row.status) ? row.status : 'cancelled';
  return {
    orderNo: row.orderNo,
    status,
    planId: row.planId,
    planName: row.planName[lang],
    lineType: row.lineType === 'voice' ? 'voice' : 'data',
    price: row.price,
    tax: row.tax,
    total: row.total,
    monthlyRent: row.monthlyRent,
    createdAt: row.createdAt.toISOString(),
    payBefore: row.payBefore.toISOString(),
    // The promise: out of the door within 3 working days of approval, public holidays excluded.
    dispatchBy: row.approvedAt ? addWorkingDays(tokyoDate(row.approvedAt), DISPATCH_WORKING_DAYS) : null,
    trackingNo: row.trackingNo,
    carrier: row.trackingNo ? carrierOf(row.carrier) : null,
    rejections: row.rejections,
    info: row.info,
  };
}

function newOrderNo(now: Date): string {
  return `SM${tokyoDate(now).replace(/-/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Checks step 2 again on the server, including that every document is the customer's own. */
async function checkedInformation(
  db: Database,
  userId: number,
  body: Partial<Record<string, string>>,
  now: Date,
  identity: { lineType: LineType; photoForData: boolean },
): Promise<PurchaseInformation> {
  // The form decides pickup or mail; photos are asked for only where the law and the
  // configuration allow them (contract/identity-rules.ts).
  const delivery = isDelivery(body.delivery) ? body.delivery : 'mail';
  const photos = photosRequired({ ...identity, delivery });
  const info = parseWith(informationSchema(tokyoDate(now), { photos }), body);
  const wanted: [keyof PurchaseInformation, string[]][] = photos
    ? [
        ['residenceFront', ['residence_front']],
        ['residenceBack', ['residence_back']],
        ['identityDoc', [info.identityKind]],
      ]
    : [];
  if (photos && info.addressSame === 'no') wanted.push(['proofDoc', ['address_proof']]);
  const owned = await ownedDocuments(
    db,
    userId,
    wanted.map(([field]) => String(info[field])),
  );
  for (const [field, kinds] of wanted) {
    const id = String(info[field]);
    const kind = owned.get(id);
    // An id that is no document of the customer's is never the app's mistake (it only sends
    // ids it uploaded or was offered): someone else's file is asked for, and refused as such.
    if (!kind && (await documentExists(db, id)))
      throw new ApiError('UPLOAD_REQUIRED', 403, { [field]: 'UPLOAD_REQUIRED' });
    if (!kind || !kinds.includes(kind)) throw new ApiError('UPLOAD_REQUIRED', 200, { [field]: 'UPLOAD_REQUIRED' });
  }
  if (info.delivery === 'pickup') {
    const [store] = await db
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.id, Number(info.storeId)))
      .limit(1);
    if (!store) throw new ApiError('STORE_REQUIRED', 200, { storeId: 'STORE_REQUIRED' });
  } else {
    info.storeId = '';
  }
  return info;
}

/** Places an order; the price comes from the plan on the server, whatever the client sent. */
export async function createOrder(
  db: Database,
  userId: number,
  body: OrderForm,
  payWithinMinutes: number,
  now = new Date(),
  options: { photoForData?: boolean; esimFee?: number } = {},
): Promise<OrderRow> {
  const planId = Number(body.planId);
  const [plan] = Number.isInteger(planId)
    ? await db
        .select()
        .from(plans)
        .where(and(eq(plans.id, planId), eq(plans.active, true)))
        .limit(1)
    : [];
  if (!plan) throw new ApiError('SETMEAL_REQUIRED', 200, { planId: 'SETMEAL_REQUIRED' });
  if (body.delivery === 'esim' && !plan.esim)
    throw new ApiError('ESIM_NOT_OFFERED', 200, { delivery: 'ESIM_NOT_OFFERED' });
  const lineType: LineType = plan.lineType === 'voice' ? 'voice' : 'data';
  const info = await checkedInformation(db, userId, body, now, {
    lineType,
    photoForData: options.photoForData ?? true,
  });
  const signatureId = body.signatureId ?? '';
  const owned = await ownedDocuments(db, userId, [signatureId]);
  if (owned.get(signatureId) !== 'signature') throw new ApiError('SIGN_FIRST', 200, { signatureId: 'SIGN_FIRST' });

  // An eSIM's own fee (ESIM_FEE, yen excluding tax) is part of the first payment.
  const price = plan.activityPrice + (info.delivery === 'esim' ? (options.esimFee ?? 0) : 0);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(now),
        userId,
        planId: plan.id,
        status: 'awaiting_payment',
        price,
        tax: taxOf(price),
        total: withTax(price),
        monthlyRent: plan.monthlyRent,
        lineType,
        planName: { cn: plan.nameCn, ja: plan.nameJa },
        info: Object.fromEntries(Object.entries(info).map(([k, v]) => [k, String(v)])),
        signatureId,
        createdAt: now,
        updatedAt: now,
        payBefore: new Date(now.getTime() + payWithinMinutes * 60_000),
      })
      .returning();
    await tx
      .insert(orderEvents)
      .values({ orderId: order!.id, toStatus: 'awaiting_payment', actor: `customer:${userId}`, at: now });
    // The purchase it was drafted as is done: no other device should offer it again.
    await tx.delete(purchaseDrafts).where(eq(purchaseDrafts.userId, userId));
    return order!;
  });
}

/**
 * Moves an order to `to` if the state machine allows it from where it stands now; the row
 * is locked so two actors cannot both move it.
 */
export async function transitionOrder(
  db: Database,
  orderId: number,
  to: OrderStatus,
  actor: string,
  note = '',
  changes: Partial<typeof orders.$inferInsert> = {},
  now = new Date(),
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    const from = locked?.status;
    if (!from) throw new NotFoundError();
    if (!isOrderStatus(from) || !canTransition(from, to)) {
      throw new ApiError('STATUS_CONFLICT', 200, undefined, { from, to });
    }
    const [order] = await tx
      .update(orders)
      .set({ ...changes, status: to, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    const [event] = await tx
      .insert(orderEvents)
      .values({ orderId, fromStatus: from, toStatus: to, actor, note, at: now })
      .returning({ id: orderEvents.id });
    // The customer hears of it only if the move commits, and then surely: same transaction.
    await notifyOrderMoved(tx, order!, to, event!.id);
    return order!;
  });
}

/** Unpaid orders past their "Pay within" deadline become expired (checked lazily on read). */
export async function expireOverdue(db: Database, userId: number, now = new Date()): Promise<void> {
  const overdue = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment'), lt(orders.payBefore, now)));
  for (const { id } of overdue) {
    await transitionOrder(db, id, 'expired', 'system', 'payment deadline passed', {}, now).catch(() => undefined);
  }
}

export async function latestOrder(db: Database, userId: number, orderNo?: string): Promise<OrderRow | null> {
  await expireOverdue(db, userId);
  const where = orderNo ? and(eq(orders.userId, userId), eq(orders.orderNo, orderNo)) : eq(orders.userId, userId);
  const [row] = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(1);
  return row ?? null;
}

/** How many orders the order list shows: far more than a customer places. */
export const ORDER_LIST_LIMIT = 50;

/** The customer's orders, newest first. */
export async function listOrders(db: Database, userId: number): Promise<OrderRow[]> {
  await expireOverdue(db, userId);
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_LIST_LIMIT);
}

/** The statuses an order went through, oldest first. */
export async function orderHistory(db: Database, orderId: number): Promise<{ status: string; at: string }[]> {
  const rows = await db
    .select({ status: orderEvents.toStatus, at: orderEvents.at })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  return rows.map((row) => ({ status: row.status, at: row.at.toISOString() }));
}

/** Corrected information or documents for a rejected order; any other state refuses. */
export async function resubmitOrder(
  db: Database,
  userId: number,
  body: ResubmitForm,
  now = new Date(),
  options: { photoForData?: boolean } = {},
): Promise<OrderRow> {
  const order = await latestOrder(db, userId, body.orderNo || undefined);
  if (!order) throw new NotFoundError();
  if (order.status !== 'rejected') throw new ApiError('NOT_REJECTED');
  // Each refused document must be replaced by a new one: sending the same file back again
  // would only be refused again, days later.
  for (const { document } of order.rejections) {
    const field = DOCUMENT_FIELD[document];
    if (field && (!body[field] || body[field] === order.info[field]))
      throw new ApiError('REPLACE_REJECTED', 200, { [field]: 'REPLACE_REJECTED' });
  }
  const info = await checkedInformation(db, userId, { ...order.info, ...body }, now, {
    lineType: order.lineType === 'voice' ? 'voice' : 'data',
    photoForData: options.photoForData ?? true,
  });
  return transitionOrder(
    db,
    order.id,
    'under_review',
    `customer:${userId}`,
    'resubmitted',
    {
      info: Object.fromEntries(Object.entries(info).map(([k, v]) => [k, String(v)])),
      rejections: [],
    },
    now,
  );
}
