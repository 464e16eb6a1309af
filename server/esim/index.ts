// eSIM (issue 30): profiles bought from the carrier as stock, assigned once an order may be
// delivered, reserved at the carrier, installed by the customer from the order page (one-tap
// link, QR or typed code), activated by the carrier's notice or by staff; released on reissue.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { standInsAllowed, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createEsimProvider, sandboxEsimSecret } from './providers/create-esim.js';
import type { EsimDeps, EsimLog } from './profiles.js';
import { adminEsimRoutes } from './routes/admin-esim.js';
import { esimRoutes } from './routes/esim.js';
import { sandboxPhoneRoutes } from './routes/sandbox-phone.js';
import { reissueRoutes } from './routes/reissue.js';

export type {
  EsimNotice,
  EsimProvider,
  NoticeHeaders,
  ProviderProfileState,
  ReserveInput,
} from './providers/esim-provider.js';
export { EsimUnavailableError } from './providers/esim-provider.js';
export { createEsimProvider, sandboxEsimSecret } from './providers/create-esim.js';
export { SANDBOX_ESIM_SECRET } from './providers/sandbox-esim.js';
export { noticeHeaders, NOTICE_HEADERS } from './providers/notice-signature.js';
import { deliverWaitingOrders } from './delivery.js';
import { retryPendingReleases } from './profiles.js';
import { advanceReissues } from './reissue-progress.js';
import type { KeyRing } from '../lib/document-crypto.js';

export {
  activationOf,
  assignProfile,
  liveProfileOf,
  releaseProfile,
  reserveProfile,
  retryPendingReleases,
  type EsimDeps,
  type EsimLog,
  type ProfileRow,
} from './profiles.js';
export {
  approvedEsimOrders,
  deliverEsimOrder,
  deliverWaitingOrders,
  isEsimOrder,
  orderPage as esimOrderPage,
  waitingOrders as esimWaitingOrders,
  type DeliveryOutcome,
} from './delivery.js';
export {
  applyNotice,
  completeInstall,
  esimActivation,
  esimOrderView,
  profilesOf,
  type NoticeOutcome,
} from './install.js';
export { importProfiles, onStockImported, parseProfileCsv, staffEsimOf, staffProfile, stockView } from './stock.js';
export { sendNotices as sendSandboxEsimNotices, readLpa } from './routes/sandbox-phone.js';
export {
  cancelReissue,
  customerLine,
  esimLineView,
  openReissue,
  reissuesOfOrder,
  reissueView,
  staffReissue,
  type ReissueRow,
} from './reissues.js';
export { advanceReissue, advanceReissues, type ReissueFilter, type ReissueOutcome } from './reissue-progress.js';

/** What the domain's services need, built once per process (app.ts, the worker, ops). */
export function createEsimDeps(config: Config, db: Database, key: KeyRing, log: EsimLog): EsimDeps {
  return {
    db,
    provider: createEsimProvider(config, db),
    key,
    log,
    stockLow: config.ESIM_STOCK_LOW,
    stockAlertTo: config.ESIM_STOCK_ALERT_TO,
  };
}

/**
 * The sweep's part (server/jobs): approved eSIM orders delivered (stock arrived, the carrier
 * back), assigned profiles the carrier has not reserved yet, releases it did not confirm.
 * Idempotent; answers counts for the job log.
 */
export async function esimSweep(
  deps: EsimDeps,
): Promise<{ delivered: number; released: number; reissued: Record<string, number> }> {
  const delivered = await deliverWaitingOrders(deps);
  const released = await retryPendingReleases(deps);
  // Paid reissues moved on: released, reassigned, reserved, the line switched (reissue-progress.ts).
  const reissued = await advanceReissues(deps);
  return { delivered, released, reissued };
}

/** Registers the domain's routes (app.ts). */
export async function esimDomain(app: FastifyInstance): Promise<void> {
  const deps = () => app.esim;
  await app.register(esimRoutes(deps));
  await app.register(adminEsimRoutes(deps));
  await app.register(reissueRoutes(deps));
  if (standInsAllowed(app.config) && app.config.ESIM_MODE === 'sandbox')
    await app.register(sandboxPhoneRoutes(sandboxEsimSecret(app.config)));
}
