import { z } from 'zod';

// Identity verification (本人確認) as Japanese law allows it in 2026.
//
// Since 1 April 2026 the ordinance under the Mobile Phone Improper Use Prevention Act
// (携帯電話不正利用防止法) allows two non-face-to-face methods for a line with a phone number
// bought online: the My Number card's electronic certificate (JPKI), and reading an ID card's
// IC chip plus a live face photo matched to the chip's photo. Shops must read the IC chip too.
// Uploaded photos of a card are no longer allowed for such lines; data-only lines are outside
// that law today, which is why photos stay possible for them while KYC_PHOTO_FOR_DATA=on.

/** What a plan sells: a data-only line, or a voice line with a phone number (the law above). */
export const LINE_TYPES = ['data', 'voice'] as const;
export type LineType = (typeof LINE_TYPES)[number];

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

export type Delivery = 'mail' | 'pickup';

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

/** POST /api/identity/start: begin a verification of an order by an online method. */
export const identityStartSchema = z.object({
  orderNo: z.string().trim().min(1, 'REQUIRED').max(32),
  method: z.enum(ONLINE_METHODS, { error: 'IDENTITY_METHOD_UNAVAILABLE' }),
});

/** GET /api/identity/status?orderNo=: where the order's identity check stands. */
export const identityStatusQuerySchema = z.object({ orderNo: z.string().trim().min(1).max(32) });

/** A verification as the customer sees it (never the document number beyond its last 4). */
export const verificationViewSchema = z.object({
  verificationNo: z.string(),
  method: z.enum(IDENTITY_METHODS),
  status: z.enum(VERIFICATION_STATUSES),
  /** Fields that did not match what was entered (on `data_mismatch`). */
  mismatched: z.array(z.enum(MATCHED_FIELDS)),
  documentType: z.enum(VERIFIED_DOCUMENTS).nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VerificationView = z.infer<typeof verificationViewSchema>;

/** The order's identity check: which methods it may use, whether it passes, and the latest attempt. */
export const identityStateSchema = z.object({
  orderNo: z.string(),
  lineType: z.enum(LINE_TYPES),
  methods: z.array(z.enum(IDENTITY_METHODS)),
  /** True once a verification of an allowed method passed (or photos were given where allowed). */
  satisfied: z.boolean(),
  latest: verificationViewSchema.nullable(),
});
export type IdentityState = z.infer<typeof identityStateSchema>;

/** The answer to a start: where the provider's app opens (also drawn as a QR code by the app). */
export const identityStartedSchema = z.object({
  verificationNo: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});

/** Staff's record of a face-to-face IC chip check at the counter (POST /api/admin/orders/:orderNo/counter-check). */
export const counterCheckSchema = z.object({
  documentType: z.enum(VERIFIED_DOCUMENTS, { error: 'REQUIRED' }),
  documentLast4: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{4}$/, 'DOCUMENT_LAST4_INVALID'),
});

/** How long records are kept (configurable): 3 years after the contract ends; abandoned orders' documents 30 days. */
export const RETENTION_DEFAULTS = { afterContractYears: 3, abandonedOrderDays: 30 } as const;

/** A verification as staff see it in the console's order page (instead of photos for chip and JPKI checks). */
export const staffVerificationViewSchema = verificationViewSchema.extend({
  /** The eKYC provider's name and its reference, or `counter` and the staff login who checked. */
  provider: z.string(),
  providerRef: z.string().nullable(),
  verifiedName: z.string().nullable(),
  verifiedBirthday: z.string().nullable(),
  /** Postcode and address as the chip or certificate gives them. */
  verifiedAddress: z.string().nullable(),
  documentLast4: z.string().nullable(),
  documentExpiry: z.string().nullable(),
  /** Per matched field: true when it matched what the customer entered. */
  matched: z.partialRecord(z.enum(MATCHED_FIELDS), z.boolean()),
  checkedBy: z.string().nullable(),
});
export type StaffVerificationView = z.infer<typeof staffVerificationViewSchema>;

/** The identity part of the console's order detail (GET /api/admin/orders/:orderNo). */
export const staffIdentitySchema = z.object({
  lineType: z.enum(LINE_TYPES),
  methods: z.array(z.enum(IDENTITY_METHODS)),
  satisfied: z.boolean(),
  verifications: z.array(staffVerificationViewSchema),
});
export type StaffIdentity = z.infer<typeof staffIdentitySchema>;
