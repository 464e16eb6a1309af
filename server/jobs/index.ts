// Jobs: the background work (outbox delivery, reconciliation, order expiry, the calendar of bill
// runs, plan changes, reminders and usage import), run by the web process or `npm run worker`.
// This file is the domain's public entry (docs/architecture.md#server-domains).
export { startBackgroundWork, type WorkerDeps } from './workers.js';
