// Billing: monthly bills (reading them, the bill run, reminders), plan changes on their day,
// and one-off charges (an eSIM reissue fee). Bills and charges are paid through the payments domain.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { billRoutes } from './routes/bills.js';

export { applyDuePlanChanges, billNoOf, billRun, billRunPreview, remindBills } from './billing.js';
export { billByNo } from './bills.js';
export { billPayable, finalBillCovers } from './covered-bills.js';
export {
  assertChargePayable,
  cancelCharge,
  chargeByNo,
  chargePaidEffects,
  chargeStillPayable,
  createCharge,
  onChargePaid,
  onChargePayable,
  type ChargeItem,
  type ChargeKind,
  type ChargeRow,
} from './charges.js';

/** Registers the domain's routes (app.ts). */
export async function billingDomain(app: FastifyInstance): Promise<void> {
  await app.register(billRoutes);
}
