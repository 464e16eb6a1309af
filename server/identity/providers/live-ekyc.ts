import { z } from 'zod';
import { EkycUnavailableError, type EkycProvider } from './ekyc-provider.js';
import { verifySignedWebhook } from './webhook-signature.js';

const createdSchema = z.object({
  id: z.string().min(1).max(100),
  url: z.string().url().max(2000),
  expires_at: z.iso.datetime({ offset: true }),
});

/**
 * The live eKYC provider, shaped after TRUSTDOCK's API: a verification is created by an HTTPS
 * POST with the bearer token, naming the plan (IC chip + face, or JPKI), our reference and where
 * to send the customer back; it answers its id and the link that opens its app. The outcome
 * comes back as a webhook signed with EKYC_WEBHOOK_SECRET (webhook-signature.ts).
 */
export function liveEkyc(options: {
  apiBase: string;
  token: string;
  secret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): EkycProvider {
  const send = options.fetch ?? fetch;
  return {
    name: 'trustdock',
    async start(input) {
      let answer: Response;
      try {
        answer = await send(`${options.apiBase.replace(/\/+$/, '')}/verifications`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            plan: input.method === 'jpki' ? 'jpki' : 'ic_chip_face',
            reference: input.verificationNo,
            return_url: input.returnUrl,
            callback_url: input.webhookUrl,
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new EkycUnavailableError(`eKYC provider unreachable: ${String(error)}`);
      }
      if (!answer.ok) throw new EkycUnavailableError(`eKYC provider answered ${answer.status}`);
      const parsed = createdSchema.safeParse(await answer.json().catch(() => null));
      if (!parsed.success) throw new EkycUnavailableError('eKYC provider answered an unknown shape');
      return { url: parsed.data.url, providerRef: parsed.data.id, expiresAt: new Date(parsed.data.expires_at) };
    },
    verifyWebhook: (raw, headers, now) => verifySignedWebhook(options.secret, raw, headers, now),
  };
}
