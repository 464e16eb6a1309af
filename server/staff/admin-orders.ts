import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminDocument, AdminOrder, FulfilmentQueue, ReviewNext, ReviewQueue } from '../../contract/admin-api.js';
import type { Lang } from '../../contract/api.js';
import { tokyoDate } from '../../contract/calendar.js';
import { DOCUMENT_KINDS, isOrderStatus, type DocumentKind } from '../../contract/order-status.js';
import { isDelivery } from '../../contract/esim-rules.js';
import { addWorkingDays, DISPATCH_WORKING_DAYS, workingDaysBetween } from '../../contract/working-days.js';
import type { Database } from '../db/client.js';
import { latestStatuses, staffIdentity } from '../identity/index.js';
import { staffEsimOf } from '../esim/index.js';
import { documents, orderEvents, orders, stores, users } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { OpsError } from './operations.js';
import { decrypt } from '../lib/document-crypto.js';
import type { DocumentVault } from '../documents/index.js';

// What the staff console's review and fulfilment pages read. The changes themselves
// (approve, reject, ship, pickup, activate) are server/staff/operations.ts's, shared with the
// command line, so both move an order, tell the customer and write the audit trail alike.

type OrderRow = typeof orders.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The form fields of an order that hold document ids (the signature has its own column). */
const DOCUMENT_INFO_FIELDS = ['residenceFront', 'residenceBack', 'identityDoc', 'proofDoc'] as const;

/** The customer's name as entered: family name first; a space between Latin names. */
export function customerNameOf(info: Record<string, string>): string {
  const last = (info.lastName ?? '').trim();
  const first = (info.firstName ?? '').trim();
  return /[A-Za-z]/.test(last + first) ? [last, first].filter(Boolean).join(' ') : `${last}${first}`;
}

/** The documents an order points at: its form's document fields and its signature. */
export function documentIdsOf(order: Pick<OrderRow, 'info' | 'signatureId'>): string[] {
  const ids = DOCUMENT_INFO_FIELDS.map((field) => order.info[field] ?? '');
  if (order.signatureId) ids.push(order.signatureId);
  return [...new Set(ids.filter((id) => UUID.test(id)))];
}

/** A staff action refused by operations.ts, as the console's localized refusal naming its field. */
export function asApiError(error: unknown): unknown {
  if (!(error instanceof OpsError)) return error;
  if (error.key === 'NOT_FOUND') return new NotFoundError();
  return new ApiError(error.key, 200, error.field ? { [error.field]: error.key } : undefined);
}

/** Runs an operations.ts change; its refusals become the console's. */
export async function staffChange<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asApiError(error);
  }
}

// ---------- the review queue ----------

/** Orders waiting for review, oldest payment first (unpaid ones, which cannot be here, last). */
export async function reviewQueue(db: Database, today = tokyoDate(new Date())): Promise<ReviewQueue> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.status, 'under_review'))
    .orderBy(sql`${orders.paidAt} asc nulls last`, asc(orders.createdAt), asc(orders.id));
  const ids = rows.map((row) => row.id);
  const rejectedBefore = new Set(
    ids.length
      ? (
          await db
            .selectDistinct({ orderId: orderEvents.orderId })
            .from(orderEvents)
            .where(and(inArray(orderEvents.orderId, ids), eq(orderEvents.toStatus, 'rejected')))
        ).map((event) => event.orderId)
      : [],
  );
  const identity = await latestStatuses(db, ids);
  return {
    orders: rows.map((row) => {
      const paidOn = row.paidAt ? tokyoDate(row.paidAt) : null;
      // The promise the ops `orders` command keeps for approved orders, counted from payment:
      // an order still in review past it can no longer leave in time.
      const dueBy = paidOn ? addWorkingDays(paidOn, DISPATCH_WORKING_DAYS) : null;
      return {
        orderNo: row.orderNo,
        customerName: customerNameOf(row.info),
        planName: row.planName,
        paidAt: row.paidAt?.toISOString() ?? null,
        waitingWorkingDays: paidOn ? workingDaysBetween(paidOn, today) : 0,
        overdue: dueBy !== null && dueBy < today,
        resubmitted: rejectedBefore.has(row.id),
        identityStatus: identity.get(row.id) ?? null,
      };
    }),
  };
}

/**
 * The order to review next: the queue's first (same order as reviewQueue) that is not `after`,
 * so a reviewer goes from one decision straight to the next without the list.
 */
export async function nextForReview(db: Database, after?: string): Promise<ReviewNext> {
  const [row] = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.status, 'under_review'), after ? ne(orders.orderNo, after) : undefined))
    .orderBy(sql`${orders.paidAt} asc nulls last`, asc(orders.createdAt), asc(orders.id))
    .limit(1);
  return { orderNo: row?.orderNo ?? null };
}

// ---------- the fulfilment queue ----------

/** Approved orders to ship or hand over (oldest approval first), and those waiting for their line. */
export async function fulfilmentQueue(
  db: Database,
  lang: Lang,
  today = tokyoDate(new Date()),
): Promise<FulfilmentQueue> {
  const approved = await db
    .select()
    .from(orders)
    .where(eq(orders.status, 'approved'))
    .orderBy(sql`${orders.approvedAt} asc nulls last`, asc(orders.id));
  const storeIds = [
    ...new Set(approved.map((row) => Number(row.info.storeId)).filter((id) => Number.isInteger(id) && id > 0)),
  ];
  const storeNames = new Map(
    storeIds.length
      ? (
          await db
            .select({ id: stores.id, cn: stores.nameCn, ja: stores.nameJa })
            .from(stores)
            .where(inArray(stores.id, storeIds))
        ).map((store) => [store.id, store[lang]])
      : [],
  );
  const waiting = await db
    .select()
    .from(orders)
    .where(or(eq(orders.status, 'shipped'), eq(orders.status, 'ready_for_pickup'), eq(orders.status, 'esim_ready')))
    .orderBy(asc(orders.updatedAt), asc(orders.id));
  return {
    toShip: approved.map((row) => {
      const pickup = row.info.delivery === 'pickup';
      const esim = row.info.delivery === 'esim';
      const dispatchBy = row.approvedAt ? addWorkingDays(tokyoDate(row.approvedAt), DISPATCH_WORKING_DAYS) : null;
      return {
        orderNo: row.orderNo,
        customerName: customerNameOf(row.info),
        delivery: pickup ? 'pickup' : esim ? 'esim' : 'mail',
        store: pickup ? (storeNames.get(Number(row.info.storeId)) ?? null) : null,
        approvedAt: row.approvedAt?.toISOString() ?? null,
        overdue: dispatchBy !== null && dispatchBy < today,
      };
    }),
    toActivate: waiting.map((row) => ({
      orderNo: row.orderNo,
      customerName: customerNameOf(row.info),
      status: row.status === 'shipped' || row.status === 'esim_ready' ? row.status : 'ready_for_pickup',
      trackingNo: row.trackingNo,
    })),
  };
}

// ---------- one order ----------

export async function orderByNo(db: Database, orderNo: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

const isDocumentKind = (kind: string): kind is DocumentKind => (DOCUMENT_KINDS as readonly string[]).includes(kind);

/** The order as staff see it: what the customer entered, its history and (if allowed) its documents. */
export async function adminOrder(db: Database, orderNo: string, canSeeDocuments: boolean): Promise<AdminOrder> {
  const row = await orderByNo(db, orderNo);
  const [customer] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!customer) throw new NotFoundError();
  const history = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const ids = documentIdsOf(row);
  const docs: AdminDocument[] = [];
  if (canSeeDocuments && ids.length) {
    const found = await db
      .select()
      .from(documents)
      .where(and(inArray(documents.id, ids), eq(documents.userId, row.userId)));
    // In the order's own order: residence card front, back, identity, proof, signature.
    for (const id of ids) {
      const doc = found.find((d) => d.id === id);
      // What GET /api/admin/documents/:id sends: a PDF stored before uploads were drawn to
      // pictures is drawn when opened (documents.ts viewable).
      const contentType = doc?.mime === 'application/pdf' ? 'image/jpeg' : doc?.mime;
      if (doc && contentType && isDocumentKind(doc.kind))
        docs.push({ id: doc.id, kind: doc.kind, contentType, uploadedAt: doc.createdAt.toISOString() });
    }
  }
  return {
    order: {
      orderNo: row.orderNo,
      status: isOrderStatus(row.status) ? row.status : 'cancelled',
      planName: row.planName,
      total: row.total,
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      info: row.info,
      trackingNo: row.trackingNo,
      rejections: row.rejections,
      history: history.map((event) => ({
        status: event.toStatus,
        at: event.at.toISOString(),
        actor: event.actor,
        note: event.note,
      })),
    },
    customer: {
      id: customer.id,
      email: customer.email,
      mobile: customer.mobile,
      lang: customer.lang === 'ja' ? 'ja' : 'cn',
      username: customer.username,
    },
    documents: docs,
    canSeeDocuments,
    identity: await staffIdentity(db, row),
    esim: await staffEsimOf(db, row),
  };
}

/**
 * Refuses a change that does not fit how the order is delivered: a pickup order is not
 * shipped, a mail order is not handed over at a store.
 */
export async function checkDelivery(db: Database, orderNo: string, wanted: 'mail' | 'pickup'): Promise<void> {
  const row = await orderByNo(db, orderNo);
  // An eSIM is neither shipped nor handed over: it is delivered by itself once approved.
  const delivery = isDelivery(row.info.delivery) ? row.info.delivery : 'mail';
  if (delivery !== wanted) throw new ApiError('DELIVERY_MISMATCH', 200, { delivery: 'DELIVERY_MISMATCH' });
}

/**
 * The documents an order refers to, for the reject form: a reason may only name one of them.
 * Kinds rather than ids: that is what the customer is asked to replace.
 */
export async function documentKindsOf(db: Database, orderNo: string): Promise<Set<string>> {
  const row = await orderByNo(db, orderNo);
  const kinds = new Set<string>(['residence_front', 'residence_back']);
  if (row.info.identityKind) kinds.add(row.info.identityKind);
  if (row.info.proofDoc) kinds.add('address_proof');
  if (row.signatureId) kinds.add('signature');
  return kinds;
}

// ---------- a document ----------

export interface StaffDocument {
  id: string;
  kind: DocumentKind;
  mime: string;
  orderNo: string;
  bytes: Buffer;
}

/**
 * A document that an order refers to, decrypted in memory (never written anywhere), with the
 * newest such order's number; one no order refers to is not found, whoever asks.
 */
export async function staffDocument(vault: DocumentVault, id: string, orderNo?: string): Promise<StaffDocument | null> {
  if (!UUID.test(id)) return null;
  const [doc] = await vault.db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!doc || !isDocumentKind(doc.kind)) return null;
  const refersTo: SQL[] = [
    eq(orders.signatureId, id),
    ...DOCUMENT_INFO_FIELDS.map((field) => sql`${orders.info} ->> ${field} = ${id}`),
  ];
  const [order] = await vault.db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, doc.userId), or(...refersTo), orderNo ? eq(orders.orderNo, orderNo) : undefined))
    // Without the order it is looked at for: the one under review first (a customer's orders may share documents).
    .orderBy(sql`(${orders.status} = 'under_review') desc`, desc(orders.createdAt), desc(orders.id))
    .limit(1);
  if (!order) return null;
  const sealed = await vault.storage.get(id);
  if (!sealed) return null;
  return { id, kind: doc.kind, mime: doc.mime, orderNo: order.orderNo, bytes: decrypt(vault.key, sealed) };
}
