// Orders: the purchase draft and prefill, order creation, detail, list and resubmission;
// `transitionOrder` is the one way an order changes status.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { orderRoutes } from './routes/orders.js';
import { purchaseDraftRoutes } from './routes/purchase-drafts.js';

export { createOrder, latestOrder, transitionOrder } from './orders.js';

/** Registers the domain's routes (app.ts). */
export async function ordersDomain(app: FastifyInstance): Promise<void> {
  await app.register(orderRoutes);
  await app.register(purchaseDraftRoutes);
}
