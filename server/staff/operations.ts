import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq, or } from 'drizzle-orm';
import { LANGS, type ErrorKey } from '../../contract/api.js';
import { tokyoDate } from '../../contract/calendar.js';
import { DOCUMENT_KINDS, isOrderStatus, type OrderStatus } from '../../contract/order-status.js';
import { isNoteLang } from '../../contract/staff-notes.js';
import { type VerifiedDocument } from '../../contract/identity-rules.js';
import { counterCheckSchema } from '../../contract/identity-views.js';
import { addWorkingDays, DISPATCH_WORKING_DAYS } from '../../contract/working-days.js';
import type { Database } from '../db/client.js';
import { auditLog, lines, orders, users, type OrderRejection } from '../db/schema.js';
import { readDocument, viewable, type DocumentVault } from '../documents/index.js';
import { billRun as runBills } from '../billing/index.js';
import { assertIdentityFor, IdentityRefusal, recordCounterCheck } from '../identity/index.js';
import { transitionOrder } from '../orders/index.js';
import { auditStaff, type StaffActor } from '../lib/staff-sessions.js';
import { importUsage as importUsageFile, openLine } from '../line/index.js';
import { deliverEsimOrder, esimActivation, isEsimOrder, type EsimDeps } from '../esim/index.js';

/**
 * A staff command refused, with a reason for the operator; the staff console answers the same
 * mistake with `key` (contract/api.ts ERROR_KEYS) on `field`.
 */
export class OpsError extends Error {
  override name = 'OpsError';
  constructor(
    message: string,
    readonly key: ErrorKey = 'BAD_REQUEST',
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * Who acts: an operator named on the command line ("staff:<name>"), or a staff member of the
 * console, whose audit rows also carry their staff id and address.
 */
export type OpsActor = string | StaffActor;

const actorName = (actor: OpsActor) => (typeof actor === 'string' ? actor : `staff:${actor.login}`);

async function audit(
  db: Database,
  actor: OpsActor,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
) {
  if (typeof actor !== 'string') return auditStaff(db, actor, action, target, detail);
  await db.insert(auditLog).values({ actor, action, target, detail });
}

async function orderByNo(db: Database, orderNo: string) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  if (!order) throw new OpsError(`no order ${orderNo}`, 'NOT_FOUND');
  return order;
}

/** The identity check each of staff's steps needs (server/identity assertIdentityFor). */
const IDENTITY_STEP: Partial<Record<OrderStatus, 'approve' | 'ship' | 'ready_for_pickup' | 'activate'>> = {
  approved: 'approve',
  shipped: 'ship',
  ready_for_pickup: 'ready_for_pickup',
  // A profile made installable is a SIM leaving the shop.
  esim_ready: 'ship',
  active: 'activate',
};

async function checkIdentity(db: Database, order: typeof orders.$inferSelect, to: OrderStatus) {
  const step = IDENTITY_STEP[to];
  if (!step) return;
  try {
    await assertIdentityFor(db, order, step);
  } catch (error) {
    if (error instanceof IdentityRefusal) throw new OpsError(error.message, error.key);
    throw error;
  }
}

async function move(
  db: Database,
  actor: OpsActor,
  orderNo: string,
  to: OrderStatus,
  note: string,
  changes: Partial<typeof orders.$inferInsert> = {},
  detail: Record<string, unknown> = {},
) {
  const order = await orderByNo(db, orderNo);
  // An eSIM is neither posted nor handed over: it is delivered by itself once approved.
  if (isEsimOrder(order) && (to === 'shipped' || to === 'ready_for_pickup'))
    throw new OpsError(
      `order ${orderNo} is an eSIM: it is not shipped or handed over`,
      'DELIVERY_MISMATCH',
      'delivery',
    );
  // No SIM leaves, and no line opens, for a customer the law's check has not verified.
  await checkIdentity(db, order, to);
  try {
    // The move and its audit row commit together: no change without its record.
    return await db.transaction(async (tx) => {
      const moved = await transitionOrder(tx, order.id, to, actorName(actor), note, changes);
      await audit(tx, actor, to, orderNo, { from: order.status, note, ...changes, ...detail });
      return moved;
    });
  } catch (error) {
    if (error instanceof Error && 'key' in error && (error as { key: string }).key === 'STATUS_CONFLICT') {
      throw new OpsError(`order ${orderNo} is ${order.status}; it cannot become ${to}`, 'STATUS_CONFLICT');
    }
    throw error;
  }
}

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

const isUniqueViolation = (error: unknown, index: string): boolean => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const found = e?.code ? e : e?.cause;
  return found?.code === '23505' && (!found.constraint || found.constraint === index);
};

/**
 * Opens the customer's line: the order becomes active and the line starts on its plan, in one
 * transaction with the customer's message, so a number or SIM taken meanwhile changes nothing.
 */
export async function activateOrder(db: Database, actor: OpsActor, orderNo: string, msisdn: string, iccid: string) {
  const number = msisdn.replace(/-/g, '');
  if (!/^0[789]0\d{8}$/.test(number))
    throw new OpsError('--msisdn must be a Japanese mobile number such as 070-1234-5678', 'MSISDN_INVALID', 'msisdn');
  if (!/^89\d{17,18}$/.test(iccid))
    throw new OpsError('--iccid must be 19 or 20 digits starting with 89', 'ICCID_INVALID', 'iccid');
  const inUse = (what: 'msisdn' | 'iccid') =>
    what === 'msisdn'
      ? new OpsError(`msisdn ${number} is already in use`, 'MSISDN_IN_USE', 'msisdn')
      : new OpsError(`iccid ${iccid} is already in use`, 'ICCID_IN_USE', 'iccid');
  try {
    return await db.transaction(async (tx) => {
      const order = await orderByNo(tx, orderNo);
      // An eSIM order opens on the profile it was given, nothing else.
      const esim = isEsimOrder(order);
      if (esim && !(await esimActivation(tx, order.id, iccid, null)))
        throw new OpsError(
          `--iccid must be the ICCID of the eSIM profile assigned to ${orderNo}`,
          'ICCID_INVALID',
          'iccid',
        );
      const [taken] = await tx
        .select({ msisdn: lines.msisdn })
        .from(lines)
        .where(or(eq(lines.msisdn, number), eq(lines.iccid, iccid)))
        .limit(1);
      if (taken) throw inUse(taken.msisdn === number ? 'msisdn' : 'iccid');
      await move(tx, actor, orderNo, 'active', `line ${number}`);
      const line = await openLine(tx, order, number, iccid);
      if (esim) await esimActivation(tx, order.id, iccid, line.id);
      await audit(tx, actor, 'create-line', number, { orderNo, iccid });
      return line;
    });
  } catch (error) {
    // Another activation took the number or the SIM between the check and the insert.
    if (isUniqueViolation(error, 'lines_msisdn_key')) throw inUse('msisdn');
    if (isUniqueViolation(error, 'lines_iccid_key')) throw inUse('iccid');
    throw error;
  }
}

/** Where an order may be checked at the counter: paid, and not yet handed over. */
const COUNTER_STATUSES = ['paid', 'under_review', 'approved', 'ready_for_pickup'];

/**
 * Staff's record of the face-to-face IC chip check at the store (pickup orders), with its
 * audit row in one transaction. Only the document number's last 4 characters are kept.
 */
export async function counterCheck(
  db: Database,
  actor: OpsActor,
  orderNo: string,
  input: { documentType: VerifiedDocument; documentLast4: string },
) {
  const parsed = counterCheckSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.message === 'DOCUMENT_LAST4_INVALID' ? 'DOCUMENT_LAST4_INVALID' : 'REQUIRED';
    throw new OpsError(
      'a document type and the last 4 characters of its number are required',
      key,
      String(issue?.path[0] ?? 'documentLast4'),
    );
  }
  const order = await orderByNo(db, orderNo);
  if (order.info.delivery !== 'pickup')
    throw new OpsError(`order ${orderNo} is not picked up at a store`, 'DELIVERY_MISMATCH', 'delivery');
  if (!COUNTER_STATUSES.includes(order.status))
    throw new OpsError(`order ${orderNo} is ${order.status}; no counter check now`, 'STATUS_CONFLICT');
  return db.transaction(async (tx) => {
    const row = await recordCounterCheck(tx, order, { ...parsed.data, checkedBy: actorName(actor) });
    await audit(tx, actor, 'counter-check', orderNo, {
      verificationNo: row.verificationNo,
      documentType: parsed.data.documentType,
      documentLast4: parsed.data.documentLast4,
    });
    return row;
  });
}

/** CSV of msisdn,date,megabytes (services/usage.ts); also what the usage inbox worker runs. */
export const importUsage = (db: Database, actor: string, csv: string) => importUsageFile(db, actor, csv);

/** The monthly bill run (services/billing.ts), which the scheduler also runs on the 1st. */
export async function billRun(db: Database, actor: string, month: string) {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new OpsError('--month must be YYYY-MM');
  return runBills(db, actor, month);
}
