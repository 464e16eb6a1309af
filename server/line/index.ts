// Line: the customer's package and usage, plan change, phone binding, address and personal data.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { lineRoutes } from './routes/line.js';

export { changeAddress, profileOf } from './profile.js';
export { formatMsisdn, openLine, type LineRow } from './open-line.js';
export { dataFlowsNow } from './data-flows.js';
export { lineHistory, lockLine, transitionLine, type LineMove } from './line-state.js';
export { addonMegabytes, monthUsage, percentOf, type MonthUsage } from './quota.js';
export { createLinePlatform } from './carrier/create-line-platform.js';
export { CarrierUnavailableError, type LinePlatform, type MnpReservation } from './carrier/line-platform.js';
export { type ConsoleActor, importUsage, readUsageCsv, type UsageRow } from './usage.js';

/** Registers the domain's routes (app.ts). */
export async function lineDomain(app: FastifyInstance): Promise<void> {
  await app.register(lineRoutes);
}
