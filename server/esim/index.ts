// eSIM (issue 30): profiles bought from the carrier as stock, assigned once an order may be
// delivered, reserved at the carrier, installed by the customer from the order page (one-tap
// link, QR or typed code), activated by the carrier's notice or by staff; released on reissue.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).

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
