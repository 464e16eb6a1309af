// eSIM (issue 30): profiles bought from the carrier as stock, assigned once an order may be
// delivered, reserved at the carrier, installed by the customer from the order page (one-tap
// link, QR or typed code), activated by the carrier's notice or by staff; released on reissue.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { createEsimProvider } from './providers/create-esim.js';
import type { EsimProvider } from './providers/esim-provider.js';
import type { EsimDeps } from './profiles.js';
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
  cancelReissue,
  customerLine,
  esimLineView,
  openReissue,
  reissuesOfOrder,
  reissueView,
  type ReissueRow,
} from './reissues.js';
export { advanceReissue, advanceReissues, type ReissueFilter, type ReissueOutcome } from './reissue-progress.js';

/** The eSIM deps of a server process: its carrier platform (made once), the document key, its log. */
export function esimDepsOf(app: FastifyInstance): EsimDeps {
  let provider = providers.get(app);
  if (!provider) {
    provider = createEsimProvider(app.config, app.db);
    providers.set(app, provider);
  }
  return {
    db: app.db,
    provider,
    key: app.documents.key,
    log: app.log,
    stockLow: app.config.ESIM_STOCK_LOW,
    stockAlertTo: app.config.ESIM_STOCK_ALERT_TO,
  };
}
const providers = new WeakMap<FastifyInstance, EsimProvider>();

/** Registers the reissue routes (app.ts). */
export async function esimReissueDomain(app: FastifyInstance): Promise<void> {
  await app.register(reissueRoutes(esimDepsOf));
}
