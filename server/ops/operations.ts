import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { DOCUMENT_KINDS, isOrderStatus, type OrderStatus } from '../../contract/order-status.js';
import { taxOf } from '../../contract/pricing.js';
import { addWorkingDays, DISPATCH_WORKING_DAYS } from '../../contract/working-days.js';
import type { Database } from '../db/client.js';
import { auditLog, bills, lines, orders, planChanges, plans, usageRecords, users } from '../db/schema.js';
import { readDocument, type DocumentVault } from '../services/documents.js';
import { transitionOrder } from '../services/orders.js';

/** A staff command refused, with a reason for the operator. */
export class OpsError extends Error {
  override name = 'OpsError';
}

async function audit(
  db: Database,
  actor: string,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
) {
  await db.insert(auditLog).values({ actor, action, target, detail });
}

async function orderByNo(db: Database, orderNo: string) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  if (!order) throw new OpsError(`no order ${orderNo}`);
  return order;
}

async function move(
  db: Database,
  actor: string,
  orderNo: string,
  to: OrderStatus,
  note: string,
  changes: Partial<typeof orders.$inferInsert> = {},
) {
  const order = await orderByNo(db, orderNo);
  try {
    const moved = await transitionOrder(db, order.id, to, actor, note, changes);
    await audit(db, actor, to, orderNo, { from: order.status, note, ...changes });
    return moved;
  } catch (error) {
    if (error instanceof Error && 'key' in error && (error as { key: string }).key === 'STATUS_CONFLICT') {
      throw new OpsError(`order ${orderNo} is ${order.status}; it cannot become ${to}`);
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
  'application/pdf': 'pdf',
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
      const doc = await readDocument(vault, order.userId, id);
      if (!doc) continue;
      const file = join(outDir, `${order.orderNo}-${name}.${EXTENSIONS[doc.mime] ?? 'bin'}`);
      writeFileSync(file, doc.bytes, { mode: 0o600 });
      written.push(file);
    }
    // Reading identity documents is itself an action worth recording.
    await audit(db, actor, 'export-documents', orderNo, { files: written.length, outDir });
  }
  return { order, written };
}

export const approveOrder = (db: Database, actor: string, orderNo: string) =>
  move(db, actor, orderNo, 'approved', 'approved', { approvedAt: new Date() });

export async function rejectOrder(db: Database, actor: string, orderNo: string, reason: string, document: string) {
  if (!reason.trim()) throw new OpsError('a reason is required (--reason "...")');
  if (!(DOCUMENT_KINDS as readonly string[]).includes(document))
    throw new OpsError(`--document must be one of ${DOCUMENT_KINDS.join(', ')}`);
  return move(db, actor, orderNo, 'rejected', reason, {
    rejections: [{ document, reason: 'other', note: reason.trim() }],
  });
}

export async function shipOrder(db: Database, actor: string, orderNo: string, tracking: string) {
  if (!/^[A-Za-z0-9-]{6,30}$/.test(tracking)) throw new OpsError('--tracking must be 6-30 letters, digits or hyphens');
  return move(db, actor, orderNo, 'shipped', `tracking ${tracking}`, { trackingNo: tracking });
}

export const readyForPickup = (db: Database, actor: string, orderNo: string) =>
  move(db, actor, orderNo, 'ready_for_pickup', 'ready for pickup');

/** Opens the customer's line: the order becomes active and the line starts on its plan. */
export async function activateOrder(db: Database, actor: string, orderNo: string, msisdn: string, iccid: string) {
  const number = msisdn.replace(/-/g, '');
  if (!/^0[789]0\d{8}$/.test(number))
    throw new OpsError('--msisdn must be a Japanese mobile number such as 070-1234-5678');
  if (!/^89\d{17,18}$/.test(iccid)) throw new OpsError('--iccid must be 19 or 20 digits starting with 89');
  const order = await orderByNo(db, orderNo);
  const [taken] = await db
    .select({ id: lines.id })
    .from(lines)
    .where(inArray(lines.msisdn, [number]))
    .limit(1);
  if (taken) throw new OpsError(`msisdn ${number} is already in use`);
  await move(db, actor, orderNo, 'active', `line ${number}`);
  const [line] = await db
    .insert(lines)
    .values({ userId: order.userId, orderId: order.id, planId: order.planId, msisdn: number, iccid })
    .returning();
  await audit(db, actor, 'create-line', number, { orderNo, iccid });
  return line!;
}

/** CSV of msisdn,date,megabytes; a day already recorded is replaced (the carrier corrects). */
export async function importUsage(db: Database, actor: string, csv: string) {
  let imported = 0;
  const problems: string[] = [];
  const known = new Map<string, number>();
  for (const [index, raw] of csv.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || /^msisdn\s*,/i.test(line)) continue;
    const [msisdn = '', day = '', mb = ''] = line.split(',').map((c) => c.trim());
    const number = msisdn.replace(/-/g, '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d+$/.test(mb)) {
      problems.push(`line ${index + 1}: expected msisdn,YYYY-MM-DD,megabytes`);
      continue;
    }
    if (!known.has(number)) {
      const [found] = await db.select({ id: lines.id }).from(lines).where(eq(lines.msisdn, number)).limit(1);
      known.set(number, found?.id ?? 0);
    }
    const lineId = known.get(number)!;
    if (!lineId) {
      problems.push(`line ${index + 1}: no line ${number}`);
      continue;
    }
    await db
      .insert(usageRecords)
      .values({ lineId, day, megabytes: Number(mb) })
      .onConflictDoUpdate({ target: [usageRecords.lineId, usageRecords.day], set: { megabytes: Number(mb) } });
    imported += 1;
  }
  await audit(db, actor, 'usage-import', 'usage', { imported, problems: problems.length });
  return { imported, problems };
}

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * Bills every active line for the month, once: a second run finds the bills and makes none.
 * The plan is the one in force on the 25th, after changes due by then are applied.
 */
export async function billRun(db: Database, actor: string, month: string) {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new OpsError('--month must be YYYY-MM');
  const billingDay = `${month}-25`;
  const due = await db
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.status, 'pending'), lte(planChanges.effectiveDate, billingDay)));
  for (const change of due) {
    await db.transaction(async (tx) => {
      await tx.update(lines).set({ planId: change.toPlanId }).where(eq(lines.id, change.lineId));
      await tx.update(planChanges).set({ status: 'applied' }).where(eq(planChanges.id, change.id));
    });
  }
  const active = await db
    .select({ line: lines, plan: plans })
    .from(lines)
    .innerJoin(plans, eq(plans.id, lines.planId))
    .where(eq(lines.status, 'active'));
  let created = 0;
  for (const { line, plan } of active) {
    const subtotal = plan.monthlyRent;
    const inserted = await db
      .insert(bills)
      .values({
        billNo: `B${month.replace('-', '')}${String(line.id).padStart(6, '0')}`,
        userId: line.userId,
        lineId: line.id,
        month,
        items: [{ code: 'monthly_rent', planId: plan.id, amount: subtotal }],
        subtotal,
        tax: taxOf(subtotal),
        total: subtotal + taxOf(subtotal),
        dueDate: lastDayOf(month),
      })
      .onConflictDoNothing()
      .returning({ id: bills.id });
    created += inserted.length;
  }
  await audit(db, actor, 'bill-run', month, { lines: active.length, created, planChangesApplied: due.length });
  return { lines: active.length, created, planChangesApplied: due.length };
}
