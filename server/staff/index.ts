// Staff: the console's API under /api/admin (sign-in with TOTP, review, customers, money, audit)
// and the order operations the console and `npm run ops` share.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { adminAuditRoutes } from './routes/admin-audit.js';
import { adminAuthRoutes } from './routes/admin-auth.js';
import { adminCustomerRoutes } from './routes/admin-customers.js';
import { adminMoneyRoutes } from './routes/admin-money.js';
import { adminReviewRoutes } from './routes/admin-review.js';

export {
  activateOrder,
  approveOrder,
  billRun,
  counterCheck,
  importUsage,
  listOrders,
  OpsError,
  readyForPickup,
  rejectOrder,
  shipOrder,
  showOrder,
} from './operations.js';
export { addStaff, disableStaff, resetStaff, StaffCommandError } from './staff.js';

/** Registers the domain's routes (app.ts). */
export async function staffDomain(app: FastifyInstance): Promise<void> {
  await app.register(adminAuthRoutes);
  await app.register(adminCustomerRoutes);
  await app.register(adminMoneyRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminReviewRoutes);
}
