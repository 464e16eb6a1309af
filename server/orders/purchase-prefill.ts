import { and, desc, eq, inArray } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { DOCUMENT_FIELD } from '../../contract/order-status.js';
import {
  documentKindsOf,
  PREFILL_DOCUMENT_FIELDS,
  PREFILL_STATUSES,
  PREFILL_TEXT_FIELDS,
  proofStillValid,
  type PrefillDocumentField,
  type PurchasePrefill,
} from '../../contract/prefill-rules.js';
import type { Database } from '../db/client.js';
import { orders } from '../db/schema.js';
import { ownedDocuments } from '../documents/index.js';

/**
 * Every document id staff refused in any of the customer's orders. A refusal stays on its
 * order until it is resubmitted with a new file, so a file refused on a later order is still
 * known here when an earlier, approved order carries the same id.
 */
async function refusedDocuments(db: Database, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ info: orders.info, rejections: orders.rejections })
    .from(orders)
    .where(eq(orders.userId, userId));
  const refused = new Set<string>();
  for (const { info, rejections } of rows) {
    for (const { document } of rejections) {
      const field = DOCUMENT_FIELD[document];
      const id = field ? info[field] : undefined;
      if (id) refused.add(id);
    }
  }
  return refused;
}

/**
 * What the customer's next purchase starts from: their latest paid order's details and the
 * documents that can be used again. A document is offered only when it is still theirs, of
 * the kind its field needs, not refused by staff and, for an address proof, not too old.
 * Nothing is copied: the new order names the same stored file, checked again when placed.
 */
export async function readPrefill(db: Database, userId: number, now = new Date()): Promise<PurchasePrefill | null> {
  const [order] = await db
    .select({ orderNo: orders.orderNo, info: orders.info })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...PREFILL_STATUSES])))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  if (!order) return null;
  const info = order.info;
  const form: PurchasePrefill['form'] = {};
  for (const field of PREFILL_TEXT_FIELDS) if (info[field]) form[field] = info[field];

  const proofValid = proofStillValid(info, tokyoDate(now));
  if (!proofValid) delete form.proofDate;
  const candidates = PREFILL_DOCUMENT_FIELDS.filter((field) => field !== 'proofDoc' || proofValid);
  const ids = candidates.map((field) => info[field] ?? '');
  const owned = await ownedDocuments(db, userId, ids);
  const refused = await refusedDocuments(db, userId);
  const documents: PrefillDocumentField[] = [];
  for (const field of candidates) {
    const id = info[field] ?? '';
    const kind = owned.get(id);
    if (!kind || refused.has(id) || !documentKindsOf(field, info.identityKind ?? '').includes(kind)) continue;
    form[field] = id;
    documents.push(field);
  }
  return { orderNo: order.orderNo, form, documents };
}
