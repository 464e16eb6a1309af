// Lifecycle: what happens to a line after activation (issue 31, docs/lifecycle.md): pauses that
// keep the number, a lost or stolen SIM stopped and replaced, cancellation when leaving Japan
// with its final bill, and taking the number to another carrier. Every state change goes
// through the line domain's transitionLine (contract/line-states.ts).
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { cancellationAdminRoutes } from './cancellation-admin-routes.js';
import { cancellationRoutes } from './cancellation-routes.js';

export { bookCancellation, withdrawCancellation } from './cancellation.js';
export { leavingSweep, type LeavingDeps } from './cancellation-sweep.js';
export { settleFinalBill } from './final-bill.js';
export { completePortOut, issuePortOut, requestPortOut } from './port-out.js';

/** Registers the domain's routes (app.ts). */
export async function lifecycleDomain(app: FastifyInstance): Promise<void> {
  await app.register(cancellationRoutes);
  await app.register(cancellationAdminRoutes);
}
