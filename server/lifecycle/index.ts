// Lifecycle: what happens to a line after activation (issue 31, docs/lifecycle.md): pauses that
// keep the number, a lost or stolen SIM stopped and replaced, cancellation when leaving Japan
// with its final bill, and taking the number to another carrier. Every state change goes
// through the line domain's transitionLine (contract/line-states.ts).
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { cancellationAdminRoutes } from './cancellation-admin-routes.js';
import { cancellationRoutes } from './cancellation-routes.js';
import { lineAdminRoutes } from './line-admin-routes.js';
import { lostRoutes } from './lost-routes.js';
import { pauseRoutes } from './pause-routes.js';

export { pauseSweep, type PauseSweepResult } from './pause-sweep.js';
export { type PauseDeps } from './pause.js';
export { reportLost } from './lost.js';
export { iccidRetired } from './replacement-done.js';
export { cancelReplacement, lostLineView, requestReplacement } from './replacement.js';
export { replacementSweep, type ReplacementDeps } from './replacement-esim.js';
export { activateReplacement, openReplacements, sendReplacement, staffLostPanel } from './replacement-staff.js';
export { bookCancellation, withdrawCancellation } from './cancellation.js';
export { leavingSweep, type LeavingDeps } from './cancellation-sweep.js';
export { settleFinalBill } from './final-bill.js';
export { completePortOut, issuePortOut, requestPortOut } from './port-out.js';

/** Registers the domain's routes (app.ts). */
export async function lifecycleDomain(app: FastifyInstance): Promise<void> {
  await app.register(pauseRoutes);
  await app.register(lineAdminRoutes);
  await app.register(lostRoutes);
  await app.register(cancellationRoutes);
  await app.register(cancellationAdminRoutes);
}
