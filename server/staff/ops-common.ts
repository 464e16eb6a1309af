// What every staff operation shares: its refusal, who acts, the audit row, and the order's
// guarded status move (identity check, transition and audit in one transaction).
import { eq } from 'drizzle-orm';
import type { ErrorKey } from '../../contract/api.js';
import type { OrderStatus } from '../../contract/order-status.js';
import type { Database } from '../db/client.js';
import { auditLog, orders } from '../db/schema.js';
import { assertIdentityFor, IdentityRefusal } from '../identity/index.js';
import { transitionOrder } from '../orders/index.js';
import { auditStaff, type StaffActor } from '../lib/staff-sessions.js';
import { isEsimOrder } from '../esim/index.js';

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

export const actorName = (actor: OpsActor) => (typeof actor === 'string' ? actor : `staff:${actor.login}`);

export async function audit(
  db: Database,
  actor: OpsActor,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
) {
  if (typeof actor !== 'string') return auditStaff(db, actor, action, target, detail);
  await db.insert(auditLog).values({ actor, action, target, detail });
}

export async function orderByNo(db: Database, orderNo: string) {
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

export async function move(
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
