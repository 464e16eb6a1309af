// Identity: verifying the customer as Japanese law allows in 2026 (contract/identity-rules.ts):
// an eKYC provider's IC chip + face or JPKI check (its sandbox served here), staff's counter
// check at pickup, photos for data plans while configured; matching what was verified against
// what was entered; the gates payments and staff ask; retention of the records.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { standInsAllowed } from '../config.js';
import { createEkycProvider } from './providers/create-ekyc.js';
import { SANDBOX_EKYC_SECRET } from './providers/sandbox-ekyc.js';
import { identityRoutes } from './routes/identity.js';
import { sandboxEkycRoutes } from './routes/sandbox-ekyc.js';

export type { EkycProvider, EkycEvent } from './providers/ekyc-provider.js';
export { createEkycProvider } from './providers/create-ekyc.js';
export { signWebhook, webhookHeaders, WEBHOOK_TOLERANCE_MS } from './providers/webhook-signature.js';
export { SANDBOX_EKYC_SECRET } from './providers/sandbox-ekyc.js';
export {
  assertIdentityFor,
  identityAllowsPayment,
  latestStatuses,
  IdentityRefusal,
  orderMethods,
  recordCounterCheck,
  staffIdentity,
} from './verifications.js';
export { identityRetention, type RetentionResult } from './retention.js';

/** Registers the domain's routes (app.ts). */
export async function identityDomain(app: FastifyInstance): Promise<void> {
  const provider = createEkycProvider(app.config);
  await app.register(identityRoutes(provider));
  if (standInsAllowed(app.config) && app.config.EKYC_MODE === 'sandbox')
    await app.register(sandboxEkycRoutes(app.config.EKYC_WEBHOOK_SECRET || SANDBOX_EKYC_SECRET));
}
