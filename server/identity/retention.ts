import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { auditLog, documents, identityVerifications, lines, orders } from '../db/schema.js';
import type { StorageProvider } from '../lib/storage/storage-provider.js';

// How long identity records are kept (contract/identity-rules.ts RETENTION_DEFAULTS): while the
// contract runs and IDENTITY_RETENTION_YEARS after it ends; the documents of an order abandoned
// before payment ABANDONED_DOCUMENT_DAYS after it was.

const DOCUMENT_FIELDS = ['residenceFront', 'residenceBack', 'identityDoc', 'proofDoc'] as const;
const ABANDONED = ['expired', 'cancelled'];

export interface RetentionResult {
  /** Orders whose abandoned documents were deleted. */
  abandonedOrders: number;
  /** Orders whose verification records and documents were deleted after the contract ended. */
  endedOrders: number;
  documents: number;
  verifications: number;
}

type OrderRow = typeof orders.$inferSelect;

function documentIds(order: OrderRow): string[] {
  const ids: string[] = DOCUMENT_FIELDS.map((f) => order.info[f] ?? '').filter(Boolean);
  if (order.signatureId) ids.push(order.signatureId);
  return [...new Set(ids)];
}

/** Deletes the order's documents (rows, then files) and clears its references, with an audit row. */
async function purgeOrder(
  db: Database,
  storage: StorageProvider,
  order: OrderRow,
  reason: string,
  withVerifications: boolean,
  now: Date,
): Promise<{ documents: number; verifications: number }> {
  const ids = documentIds(order);
  // Another order may still point at the same upload (a draft reused): such files stay.
  const shared = new Set<string>();
  for (const id of ids) {
    const others = await db
      .select({ id: orders.id, info: orders.info, signatureId: orders.signatureId })
      .from(orders)
      .where(and(eq(orders.userId, order.userId)));
    if (
      others.some((o) => o.id !== order.id && (o.signatureId === id || DOCUMENT_FIELDS.some((f) => o.info[f] === id)))
    )
      shared.add(id);
  }
  const gone = ids.filter((id) => !shared.has(id));
  const result = await db.transaction(async (tx) => {
    const info = { ...order.info };
    for (const f of DOCUMENT_FIELDS) if (info[f]) info[f] = '';
    await tx.update(orders).set({ info, signatureId: null }).where(eq(orders.id, order.id));
    if (gone.length > 0) await tx.delete(documents).where(inArray(documents.id, gone));
    const removed = withVerifications
      ? await tx
          .delete(identityVerifications)
          .where(eq(identityVerifications.orderId, order.id))
          .returning({ id: identityVerifications.id })
      : [];
    await tx.insert(auditLog).values({
      actor: 'system:retention',
      action: 'identity-retention-delete',
      target: order.orderNo,
      detail: { reason, documents: gone.length, verifications: removed.length },
      at: now,
    });
    return { documents: gone.length, verifications: removed.length };
  });
  // The rows are gone first: a file left by a failed delete is unreadable garbage, never a record.
  for (const id of gone) await storage.delete(id).catch(() => undefined);
  return result;
}

const hasRecords = (order: OrderRow) => documentIds(order).length > 0;

/** The retention sweep (jobs/scheduled.ts): idempotent, so a missed or repeated run is harmless. */
export async function identityRetention(
  db: Database,
  storage: StorageProvider,
  options: { years: number; abandonedDays: number },
  now = new Date(),
): Promise<RetentionResult> {
  const result: RetentionResult = { abandonedOrders: 0, endedOrders: 0, documents: 0, verifications: 0 };

  // Abandoned before payment: never paid, expired or cancelled more than N days ago.
  const abandonedBefore = new Date(now.getTime() - options.abandonedDays * 86_400_000);
  const abandoned = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ABANDONED), isNull(orders.paidAt), lt(orders.updatedAt, abandonedBefore)));
  for (const order of abandoned.filter(hasRecords)) {
    const done = await purgeOrder(
      db,
      storage,
      order,
      `abandoned before payment ${options.abandonedDays} days ago`,
      false,
      now,
    );
    result.abandonedOrders += 1;
    result.documents += done.documents;
  }

  // The contract ended (its line ended, or the order was closed without a line) N years ago.
  const endedBefore = new Date(now);
  endedBefore.setUTCFullYear(endedBefore.getUTCFullYear() - options.years);
  const endedLines = await db
    .select({ order: orders })
    .from(lines)
    .innerJoin(orders, eq(orders.id, lines.orderId))
    .where(and(isNotNull(lines.endedAt), lt(lines.endedAt, endedBefore)));
  const closed = await db
    .select({ order: orders })
    .from(orders)
    .leftJoin(lines, eq(lines.orderId, orders.id))
    .where(
      and(isNull(lines.id), or(inArray(orders.status, [...ABANDONED, 'rejected'])), lt(orders.updatedAt, endedBefore)),
    );
  for (const { order } of [...endedLines, ...closed]) {
    const [verification] = await db
      .select({ id: identityVerifications.id })
      .from(identityVerifications)
      .where(eq(identityVerifications.orderId, order.id))
      .limit(1);
    if (!verification && !hasRecords(order)) continue;
    const done = await purgeOrder(db, storage, order, `contract ended over ${options.years} years ago`, true, now);
    result.endedOrders += 1;
    result.documents += done.documents;
    result.verifications += done.verifications;
  }
  return result;
}
