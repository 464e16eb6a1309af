import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PROVIDER_OUTCOMES, VERIFIED_DOCUMENTS } from '../../../contract/identity-rules.js';
import { unstorableAt } from '../../lib/validate.js';
import type { EkycEvent, WebhookCheck } from './ekyc-provider.js';

// The webhook's proof, shaped after TRUSTDOCK's: an HMAC-SHA256 with the shared secret over
// `<timestamp>.<raw body>`, the Unix timestamp and the hex signature in two headers. The
// sandbox signs the same way with its own secret, so one check serves both.

export const TIMESTAMP_HEADER = 'x-ekyc-timestamp';
export const SIGNATURE_HEADER = 'x-ekyc-signature';
/** A webhook older or newer than this is refused: a recorded one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

export const signWebhook = (secret: string, timestamp: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** The headers a provider sends with `body` at `at`. */
export function webhookHeaders(secret: string, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
  };
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : '';
};

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
  const timestamp = header(headers, TIMESTAMP_HEADER);
  const signature = header(headers, SIGNATURE_HEADER);
  if (!secret || !/^\d{1,12}$/.test(timestamp) || !signature) return { ok: false, reason: 'signature' };
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > WEBHOOK_TOLERANCE_MS)
    return { ok: false, reason: 'timestamp' };
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
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
