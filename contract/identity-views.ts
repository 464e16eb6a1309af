import { z } from 'zod';
import {
  LINE_TYPES,
  IDENTITY_METHODS,
  ONLINE_METHODS,
  VERIFICATION_STATUSES,
  MATCHED_FIELDS,
  VERIFIED_DOCUMENTS,
} from './identity-rules';

// The identity API's shapes (zod), apart from identity-rules.ts so that code which needs only the
// methods and their rules does not carry zod into the app's first load.

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
