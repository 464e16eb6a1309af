import { randomBytes } from 'node:crypto';
import type { EkycProvider } from './ekyc-provider.js';
import { verifySignedWebhook } from './webhook-signature.js';

/** The sandbox's webhook secret when EKYC_WEBHOOK_SECRET is not set (never used in production). */
export const SANDBOX_EKYC_SECRET = 'sandbox-ekyc-webhook-secret';

/** How long the sandbox's link works, as a provider's does. */
export const SANDBOX_LINK_MINUTES = 30;

/**
 * The stand-in for the eKYC provider: its "app" is /sandbox/ekyc/:ref on this server, which
 * sends webhooks signed like the live provider's (routes/sandbox-ekyc.ts).
 */
export function sandboxEkyc(options: { publicUrl: string; secret: string }): EkycProvider {
  return {
    name: 'sandbox',
    start(_input, now) {
      const providerRef = `sbx_${randomBytes(12).toString('hex')}`;
      return Promise.resolve({
        url: `${options.publicUrl}/sandbox/ekyc/${providerRef}`,
        providerRef,
        expiresAt: new Date(now.getTime() + SANDBOX_LINK_MINUTES * 60_000),
      });
    },
    verifyWebhook: (raw, headers, now) => verifySignedWebhook(options.secret, raw, headers, now),
  };
}
