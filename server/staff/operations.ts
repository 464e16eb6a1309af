import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { LANGS } from '../../contract/api.js';
import { tokyoDate } from '../../contract/calendar.js';
import { DOCUMENT_KINDS, isOrderStatus } from '../../contract/order-status.js';
import { isNoteLang } from '../../contract/staff-notes.js';
import { addWorkingDays, DISPATCH_WORKING_DAYS } from '../../contract/working-days.js';
import type { Database } from '../db/client.js';
import { orders, users, type OrderRejection } from '../db/schema.js';
import { readDocument, viewable, type DocumentVault } from '../documents/index.js';
import { billRun as runBills } from '../billing/index.js';
import { importUsage as importUsageFile } from '../line/index.js';
import { deliverEsimOrder, isEsimOrder, type EsimDeps } from '../esim/index.js';
import { actorName, audit, move, OpsError, orderByNo, type OpsActor } from './ops-common.js';

export { OpsError, type OpsActor } from './ops-common.js';

export interface OrderListRow {
  orderNo: string;
  status: string;
  customer: string;
  plan: string;
  total: number;
  createdAt: string;
  dispatchBy: string | null;
  overdue: boolean;
}

/** Orders oldest first; approved ones past the 3-working-day dispatch promise are flagged. */
export async function listOrders(
  db: Database,
  status: string | undefined,
  today = tokyoDate(new Date()),
): Promise<OrderListRow[]> {
  if (status && !isOrderStatus(status)) throw new OpsError(`unknown status ${status}`);
  const rows = await db
    .select({ order: orders, email: users.email, username: users.username })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return rows.map(({ order, email, username }) => {
    const dispatchBy = order.approvedAt ? addWorkingDays(tokyoDate(order.approvedAt), DISPATCH_WORKING_DAYS) : null;
    return {
      orderNo: order.orderNo,
      status: order.status,
      customer: email ?? username,
      plan: order.planName.cn,
      total: order.total,
      createdAt: order.createdAt.toISOString(),
      dispatchBy,
      overdue: order.status === 'approved' && dispatchBy !== null && dispatchBy < today,
    };
  });
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

/** The order and its decrypted documents, written to a folder the operator names. */
export async function showOrder(db: Database, vault: DocumentVault, actor: string, orderNo: string, outDir?: string) {
  const order = await orderByNo(db, orderNo);
  const written: string[] = [];
  if (outDir) {
    const info = order.info;
    const ids: [string, string | undefined][] = [
      ['residence_front', info.residenceFront],
      ['residence_back', info.residenceBack],
      [info.identityKind ?? 'identity', info.identityDoc],
      ['address_proof', info.proofDoc],
      ['signature', order.signatureId ?? undefined],
    ];
    mkdirSync(outDir, { recursive: true, mode: 0o700 });
    for (const [name, id] of ids) {
      if (!id) continue;
      const stored = await readDocument(vault, order.userId, id);
      if (!stored) continue;
      // A PDF stored before uploads were drawn to pictures leaves as its picture too.
      const doc = await viewable(stored);
      const file = join(outDir, `${order.orderNo}-${name}.${EXTENSIONS[doc.mime] ?? 'bin'}`);
      writeFileSync(file, doc.bytes, { mode: 0o600 });
      written.push(file);
    }
    // Reading identity documents is itself an action worth recording.
    await audit(db, actor, 'export-documents', orderNo, { files: written.length, outDir });
  }
  return { order, written };
}

/**
 * `detail` goes to the audit trail only (the console's checklist as ticked). An eSIM order is
 * delivered once the approval has committed (`esim`: the domain's services; without them the
 * sweep delivers it): a profile failing to arrive never undoes the approval.
 */
export async function approveOrder(
  db: Database,
  actor: OpsActor,
  orderNo: string,
  detail: Record<string, unknown> = {},
  esim?: EsimDeps,
) {
  const approved = await move(db, actor, orderNo, 'approved', 'approved', { approvedAt: new Date() }, detail);
  if (esim && isEsimOrder(approved)) {
    try {
      await deliverEsimOrder(esim, approved.id, actorName(actor));
    } catch (error) {
      esim.log.error({ orderNo, err: error }, 'esim delivery after approval failed; the sweep retries');
    }
  }
  return approved;
}

/** `lang`: the language `reason` is written in, said to a customer who reads the other. */
export async function rejectOrder(
  db: Database,
  actor: OpsActor,
  orderNo: string,
  reason: string,
  document: string,
  lang?: string,
) {
  if (!reason.trim()) throw new OpsError('a reason is required (--reason "...")');
  if (!(DOCUMENT_KINDS as readonly string[]).includes(document))
    throw new OpsError(`--document must be one of ${DOCUMENT_KINDS.join(', ')}`);
  if (lang !== undefined && !isNoteLang(lang)) throw new OpsError(`--lang must be one of ${LANGS.join(', ')}`);
  return move(db, actor, orderNo, 'rejected', reason, {
    rejections: [{ document, reason: 'other', note: reason.trim(), ...(lang ? { lang } : {}) }],
  });
}

/**
 * Refuses an order with one reason per document: a code of REJECTION_REASONS, which the customer
 * reads in their language, and staff's note. The event's note lists them for the history.
 */
export async function rejectOrderWith(db: Database, actor: OpsActor, orderNo: string, rejections: OrderRejection[]) {
  if (rejections.length === 0) throw new OpsError('a refused document is required', 'REJECTION_REQUIRED', 'rejections');
  for (const { document } of rejections)
    if (!(DOCUMENT_KINDS as readonly string[]).includes(document))
      throw new OpsError(`document must be one of ${DOCUMENT_KINDS.join(', ')}`, 'BAD_REQUEST', 'rejections');
  const note = rejections.map((r) => `${r.document}: ${r.reason}${r.note ? ` (${r.note})` : ''}`).join('; ');
  return move(db, actor, orderNo, 'rejected', note, { rejections });
}

export const TRACKING_PATTERN = /^[A-Za-z0-9-]{6,30}$/;

export async function shipOrder(db: Database, actor: OpsActor, orderNo: string, tracking: string, carrier?: string) {
  if (!TRACKING_PATTERN.test(tracking))
    throw new OpsError('--tracking must be 6-30 letters, digits or hyphens', 'TRACKING_INVALID', 'trackingNo');
  const note = carrier ? `${carrier} tracking ${tracking}` : `tracking ${tracking}`;
  return move(
    db,
    actor,
    orderNo,
    'shipped',
    note,
    { trackingNo: tracking, carrier: carrier ?? 'japanpost' },
    carrier ? { carrier } : {},
  );
}

export const readyForPickup = (db: Database, actor: OpsActor, orderNo: string) =>
  move(db, actor, orderNo, 'ready_for_pickup', 'ready for pickup');

export { activateOrder, counterCheck } from './line-operations.js';

/** CSV of msisdn,date,megabytes (services/usage.ts); also what the usage inbox worker runs. */
export const importUsage = (db: Database, actor: string, csv: string) => importUsageFile(db, actor, csv);

/** The monthly bill run (services/billing.ts), which the scheduler also runs on the 1st. */
export async function billRun(db: Database, actor: string, month: string, keepNumberFee?: number) {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new OpsError('--month must be YYYY-MM');
  return runBills(db, actor, month, undefined, keepNumberFee);
}
