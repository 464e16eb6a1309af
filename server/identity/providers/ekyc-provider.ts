import type { OnlineMethod, ProviderOutcome, VerifiedDocument } from '../../../contract/identity-rules.js';

/** What the provider needs to open its app for one verification. */
export interface EkycStartInput {
  verificationNo: string;
  method: OnlineMethod;
  /** Where the provider's app sends the customer back (the app's identity step). */
  returnUrl: string;
  /** Where the provider sends its signed webhooks. */
  webhookUrl: string;
}

export interface EkycStarted {
  /** The provider's app (a universal link, also drawn as a QR code). */
  url: string;
  providerRef: string;
  expiresAt: Date;
}

/** What the chip or certificate says (only when the outcome is `verified`). */
export interface EkycPerson {
  /** The name in each form the document gives (romanized, kanji). */
  names: string[];
  birthday: string;
  postcode: string;
  address: string;
  documentType: VerifiedDocument | null;
  /** Never more than the document number's last 4 characters. */
  documentLast4: string | null;
  documentExpiry: string | null;
}

/**
 * One webhook event. `in_progress`: the customer opened the provider's app (never final);
 * otherwise the outcome. `occurredAt` orders events: an older one never overwrites a newer.
 */
export interface EkycEvent {
  eventId: string;
  providerRef: string;
  outcome: ProviderOutcome | 'in_progress';
  occurredAt: Date;
  person: EkycPerson | null;
}

export type WebhookCheck =
  { ok: true; event: EkycEvent } | { ok: false; reason: 'signature' | 'timestamp' | 'malformed' };

/** An eKYC provider (IC chip + face, JPKI): the sandbox this server serves, or the live service. */
export interface EkycProvider {
  /** The name in /api/identity/webhook/:provider and in the verification rows. */
  readonly name: string;
  start(input: EkycStartInput, now: Date): Promise<EkycStarted>;
  /** The raw body's signature, its timestamp (within 5 minutes of `now`) and its shape. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): WebhookCheck;
}

export class EkycUnavailableError extends Error {
  override name = 'EkycUnavailableError';
}
