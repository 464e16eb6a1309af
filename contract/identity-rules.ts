import type { Delivery } from './esim-rules';
import type { LineType } from './line-types';
// Identity verification (本人確認) as Japanese law allows it in 2026.
//
// Since 1 April 2026 the ordinance under the Mobile Phone Improper Use Prevention Act
// (携帯電話不正利用防止法) allows two non-face-to-face methods for a line with a phone number
// bought online: the My Number card's electronic certificate (JPKI), and reading an ID card's
// IC chip plus a live face photo matched to the chip's photo. Shops must read the IC chip too.
// Uploaded photos of a card are no longer allowed for such lines; data-only lines are outside
// that law today, which is why photos stay possible for them while KYC_PHOTO_FOR_DATA=on.

/** What a plan sells: a data-only line, or a voice line with a phone number (the law above). */
export { LINE_TYPES, type LineType } from './line-types';

/**
 * How a customer is verified:
 * - `ic_chip`: an eKYC provider's app reads the ID card's IC chip and matches a live face photo;
 * - `jpki`: the My Number card's electronic certificate, through the same provider;
 * - `counter`: staff read the IC chip face to face when the SIM is picked up at the store;
 * - `photos`: uploaded photos of the documents (data plans only, while configuration allows).
 */
export const IDENTITY_METHODS = ['ic_chip', 'jpki', 'counter', 'photos'] as const;
export type IdentityMethod = (typeof IDENTITY_METHODS)[number];

/** The methods that run through the eKYC provider, outside this app (its app or the JPKI app). */
export const ONLINE_METHODS = ['ic_chip', 'jpki'] as const satisfies readonly IdentityMethod[];
export type OnlineMethod = (typeof ONLINE_METHODS)[number];
export const isOnlineMethod = (method: string): method is OnlineMethod =>
  (ONLINE_METHODS as readonly string[]).includes(method);

export type { Delivery } from './esim-rules';

/**
 * The methods an order may use, in the order they are offered. A voice line never takes
 * photos; a data line takes them only while `photoForData` (KYC_PHOTO_FOR_DATA) is on, and
 * otherwise uses what a voice line uses. The counter exists only where the customer comes to
 * the store (pickup).
 */
export function identityMethodsFor(input: {
  lineType: LineType;
  delivery: Delivery;
  photoForData: boolean;
}): IdentityMethod[] {
  const lawful: IdentityMethod[] = ['ic_chip', 'jpki'];
  if (input.delivery === 'pickup') lawful.push('counter');
  if (input.lineType === 'data' && input.photoForData) return ['photos', ...lawful];
  return lawful;
}

/** Whether the information form must carry document photos for this order. */
export const photosRequired = (input: { lineType: LineType; delivery: Delivery; photoForData: boolean }): boolean =>
  identityMethodsFor(input)[0] === 'photos';

/**
 * Where a verification stands. `pending` until the provider says; then the provider's outcome
 * (`verified`, `mismatch`: the document is not the person, `document_expired`,
 * `face_mismatch`, `abandoned`). A provider `verified` whose data does not match what the
 * customer entered becomes `data_mismatch` here, with the fields named.
 */
export const VERIFICATION_STATUSES = [
  'pending',
  'verified',
  'data_mismatch',
  'mismatch',
  'document_expired',
  'face_mismatch',
  'abandoned',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** What the provider may report (its webhook), before this side matches the data. */
export const PROVIDER_OUTCOMES = ['verified', 'mismatch', 'document_expired', 'face_mismatch', 'abandoned'] as const;
export type ProviderOutcome = (typeof PROVIDER_OUTCOMES)[number];

/** The document the chip or certificate was read from. */
export const VERIFIED_DOCUMENTS = ['residence_card', 'my_number_card', 'driving_licence', 'passport'] as const;
export type VerifiedDocument = (typeof VERIFIED_DOCUMENTS)[number];

/** The fields matched between what was verified and what the customer entered. */
export const MATCHED_FIELDS = ['name', 'birthday', 'address'] as const;
export type MatchedField = (typeof MATCHED_FIELDS)[number];

/** How long records are kept (configurable): 3 years after the contract ends; abandoned orders' documents 30 days. */
export const RETENTION_DEFAULTS = { afterContractYears: 3, abandonedOrderDays: 30 } as const;
