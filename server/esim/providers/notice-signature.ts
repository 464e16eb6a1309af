import { z } from 'zod';
import { ICCID, PROVIDER_PROFILE_STATES } from '../../../contract/esim-rules.js';
import { checkSignedBody, signedHeaders, type SignatureHeaders } from '../../lib/webhook-signature.js';
import type { EsimNotice, NoticeHeaders } from './esim-provider.js';

// The carrier's install notices: lib/webhook-signature.ts (HMAC-SHA256 over `timestamp.body`
// with ESIM_WEBHOOK_SECRET) under the carrier's header names. The sandbox signs the same way.

export const NOTICE_HEADERS: SignatureHeaders = { timestamp: 'x-esim-timestamp', signature: 'x-esim-signature' };

export const noticeBodySchema = z.object({
  event_id: z.string().min(1).max(100),
  iccid: z.string().regex(ICCID),
  state: z.enum(PROVIDER_PROFILE_STATES),
  occurred_at: z.iso.datetime({ offset: true }),
});
export type NoticeBody = z.infer<typeof noticeBodySchema>;

export const noticeHeaders = (secret: string, body: string, at: Date): Record<string, string> =>
  signedHeaders(NOTICE_HEADERS, secret, body, at);

/** The notice when signed by `secret`, recent and well formed; otherwise null. Never throws. */
export function verifyNotice(secret: string, headers: NoticeHeaders, rawBody: string, now: Date): EsimNotice | null {
  const checked = checkSignedBody(NOTICE_HEADERS, secret, rawBody, headers, now);
  if (!checked.ok) return null;
  const parsed = noticeBodySchema.safeParse(checked.json);
  if (!parsed.success) return null;
  const b = parsed.data;
  return { eventId: b.event_id, iccid: b.iccid, state: b.state, at: new Date(b.occurred_at) };
}
