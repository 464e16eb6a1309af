import type { ProviderProfileState } from '../../../contract/esim-rules.js';

export type { ProviderProfileState };

/** What the carrier needs to make one profile downloadable for one subscriber. */
export interface ReserveInput {
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  /** The line's number on a reissue (kept); null lets the carrier bind a new one. */
  msisdn: string | null;
}

/** One signed notice from the carrier: the profile's new state. `at` orders them (a late one never wins). */
export interface EsimNotice {
  eventId: string;
  iccid: string;
  state: ProviderProfileState;
  at: Date;
}

export type NoticeHeaders = Record<string, string | string[] | undefined>;

/**
 * The carrier's eSIM platform: the sandbox this server plays, or the live REST API.
 * - `reserve` binds the profile to a subscriber and makes it downloadable (GSMA `released`),
 *   answering the number it bound (the one given, when given); idempotent.
 * - `release` hands it back: never downloadable or installable again (`revoked`); idempotent.
 * - `status` asks what the platform knows of it now.
 * - `verifyNotice` checks a notice's signature, time and shape; null when it fails any.
 * Failures to reach the platform throw EsimUnavailableError.
 */
export interface EsimProvider {
  readonly name: string;
  reserve(p: ReserveInput): Promise<{ msisdn: string }>;
  release(iccid: string): Promise<void>;
  status(iccid: string): Promise<ProviderProfileState>;
  verifyNotice(headers: NoticeHeaders, rawBody: string, now: Date): EsimNotice | null;
}

/** The platform could not be reached or answered something unusable (never holds a code). */
export class EsimUnavailableError extends Error {
  override name = 'EsimUnavailableError';
}
