import { createHmac, timingSafeEqual } from 'node:crypto';

// A signed webhook's proof, as TRUSTDOCK-like providers and carriers send it: an HMAC-SHA256
// with the shared secret over `<timestamp>.<raw body>`, the Unix timestamp and the hex
// signature in two headers whose names each provider chooses. Shared by identity (eKYC) and
// eSIM (the carrier's install notices); each names its own headers.

export interface SignatureHeaders {
  timestamp: string;
  signature: string;
}

/** A webhook older or newer than this is refused: a recorded one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

export const signWebhook = (secret: string, timestamp: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** The headers a provider sends with `body` at `at`. */
export function signedHeaders(names: SignatureHeaders, secret: string, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    'content-type': 'application/json',
    [names.timestamp]: timestamp,
    [names.signature]: signWebhook(secret, timestamp, body),
  };
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : '';
};

export type SignatureCheck =
  { ok: true; json: unknown } | { ok: false; reason: 'signature' | 'timestamp' | 'malformed' };

/** Checks signature, then time, then that the body is JSON; never throws. The caller checks the shape. */
export function checkSignedBody(
  names: SignatureHeaders,
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  now: Date,
): SignatureCheck {
  const timestamp = header(headers, names.timestamp);
  const signature = header(headers, names.signature);
  if (!secret || !/^\d{1,12}$/.test(timestamp) || !signature) return { ok: false, reason: 'signature' };
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > WEBHOOK_TOLERANCE_MS)
    return { ok: false, reason: 'timestamp' };
  try {
    return { ok: true, json: JSON.parse(rawBody) as unknown };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
