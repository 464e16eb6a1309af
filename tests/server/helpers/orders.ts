import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../../server/db/schema';
import { transitionOrder } from '../../../server/orders/orders';
import { activateOrder, approveOrder, shipOrder } from '../../../server/staff/operations';
import { placeOrder } from './purchase';

/** A customer's order placed and paid (as if its payment had settled), now waiting for review. */
export async function orderUnderReview(
  app: FastifyInstance,
  token: string,
  planId = '1',
): Promise<{ orderNo: string; id: number }> {
  const orderNo = await placeOrder(app, token, planId);
  const [row] = await app.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  await transitionOrder(app.db, row!.id, 'paid', 'system');
  await transitionOrder(app.db, row!.id, 'under_review', 'system');
  return { orderNo, id: row!.id };
}

/** An order staff took all the way: approved, shipped and activated as line `msisdn` with SIM `iccid`. */
export async function activeLine(
  app: FastifyInstance,
  token: string,
  sim: { msisdn: string; iccid: string; planId?: string },
) {
  const { orderNo } = await orderUnderReview(app, token, sim.planId);
  await approveOrder(app.db, 'staff:t', orderNo);
  await shipOrder(app.db, 'staff:t', orderNo, `JP${sim.iccid.slice(-8)}`);
  return { orderNo, line: await activateOrder(app.db, 'staff:t', orderNo, sim.msisdn, sim.iccid) };
}
