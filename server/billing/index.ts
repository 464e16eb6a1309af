// Billing: monthly bills (reading them, the bill run, reminders) and plan changes on their day.
// Bills are paid through the payments domain.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { billRoutes } from './routes/bills.js';

export { applyDuePlanChanges, billRun, billRunPreview, remindBills } from './billing.js';
export { billByNo } from './bills.js';

/** Registers the domain's routes (app.ts). */
export async function billingDomain(app: FastifyInstance): Promise<void> {
  await app.register(billRoutes);
}
