import { z } from 'zod';
import { PROVIDER_OUTCOMES, VERIFIED_DOCUMENTS } from '../../../contract/identity-rules.js';
import { unstorableAt } from '../../lib/validate.js';
import { checkSignedBody, signedHeaders, signWebhook, WEBHOOK_TOLERANCE_MS } from '../../lib/webhook-signature.js';
import type { EkycEvent, WebhookCheck } from './ekyc-provider.js';

// The eKYC webhook's proof: lib/webhook-signature.ts with the provider's header names. The
// sandbox signs the same way with its own secret, so one check serves both.

export const TIMESTAMP_HEADER = 'x-ekyc-timestamp';
export const SIGNATURE_HEADER = 'x-ekyc-signature';
const NAMES = { timestamp: TIMESTAMP_HEADER, signature: SIGNATURE_HEADER };
export { signWebhook, WEBHOOK_TOLERANCE_MS };

/** The headers a provider sends with `body` at `at`. */
export const webhookHeaders = (secret: string, body: string, at: Date): Record<string, string> =>
  signedHeaders(NAMES, secret, body, at);

const text = (max: number) => z.string().max(max);

/** The webhook body (TRUSTDOCK-like field names). */
export const webhookBodySchema = z.object({
  event_id: z.string().min(1).max(100),
  verification_id: z.string().min(1).max(100),
  status: z.enum([...PROVIDER_OUTCOMES, 'in_progress']),
  occurred_at: z.iso.datetime({ offset: true }),
  result: z
    .object({
      names: z.array(text(200)).max(4),
      birth_date: text(20),
      postal_code: text(20),
      address: text(500),
      document_type: z.enum(VERIFIED_DOCUMENTS).nullable(),
      document_number_last4: z
        .string()
        .regex(/^[0-9A-Za-z]{4}$/)
        .nullable(),
      expiry_date: text(20).nullable(),
    })
    .nullable()
    .optional(),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

/** Checks signature, then time, then shape; never throws. */
export function verifySignedWebhook(
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  now: Date,
): WebhookCheck {
  const checked = checkSignedBody(NAMES, secret, rawBody, headers, now);
  if (!checked.ok) return checked;
  const json = checked.json;
  const parsed = webhookBodySchema.safeParse(json);
  // Signed but not storable (a NUL byte, half a surrogate pair): refused, never a fault.
  if (!parsed.success || unstorableAt(parsed.data) !== null) return { ok: false, reason: 'malformed' };
  const b = parsed.data;
  const r = b.result ?? null;
  const event: EkycEvent = {
    eventId: b.event_id,
    providerRef: b.verification_id,
    outcome: b.status,
    occurredAt: new Date(b.occurred_at),
    person:
      b.status === 'verified' && r
        ? {
            names: r.names,
            birthday: r.birth_date,
            postcode: r.postal_code,
            address: r.address,
            documentType: r.document_type,
            documentLast4: r.document_number_last4,
            documentExpiry: r.expiry_date,
          }
        : null,
  };
  return { ok: true, event };
}
