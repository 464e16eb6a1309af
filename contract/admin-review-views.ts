import { z } from 'zod';
import type {
  ActivateBody,
  AdminDocument,
  AdminOrder,
  ApproveBody,
  FulfilmentQueue,
  RejectBody,
  ReviewNext,
  ReviewQueue,
  ShipBody,
} from './admin-api';
import { CARRIERS } from './admin-api';
import { VERIFICATION_STATUSES } from './identity-rules';
import { staffIdentitySchema } from './identity-views';
import { DOCUMENT_KINDS, ORDER_STATUSES, REJECTION_REASONS } from './order-status';

// The staff console's review and fulfilment calls (contract/admin-api.ts has their shapes as
// types): replies go through these schemas on the way out (undeclared keys are dropped), bodies
// on the way in. A broken rule's message is a key of contract/api.ts ERROR_KEYS, answered as a
// localized code-0 refusal naming the field; anything malformed is a 400.

const int = z.number().int();
const bilingual = z.object({ cn: z.string(), ja: z.string() });
const isoOrNull = z.string().nullable();

// ---------- replies ----------

export const reviewQueueSchema = z.object({
  orders: z.array(
    z.object({
      orderNo: z.string(),
      customerName: z.string(),
      planName: bilingual,
      paidAt: isoOrNull,
      waitingWorkingDays: int,
      overdue: z.boolean(),
      resubmitted: z.boolean(),
      identityStatus: z.enum(VERIFICATION_STATUSES).nullable().optional(),
    }),
  ),
}) satisfies z.ZodType<ReviewQueue>;

export const adminDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  contentType: z.string(),
  uploadedAt: z.string(),
}) satisfies z.ZodType<AdminDocument>;

export const adminOrderSchema = z.object({
  order: z.object({
    orderNo: z.string(),
    status: z.enum(ORDER_STATUSES),
    planName: bilingual,
    total: int,
    createdAt: z.string(),
    paidAt: isoOrNull,
    info: z.record(z.string(), z.string()),
    trackingNo: z.string().nullable(),
    rejections: z.array(
      z.object({ document: z.string(), reason: z.string(), note: z.string(), lang: z.enum(['cn', 'ja']).optional() }),
    ),
    history: z.array(z.object({ status: z.string(), at: z.string(), actor: z.string(), note: z.string() })),
  }),
  customer: z.object({
    id: int,
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    lang: z.enum(['cn', 'ja']),
    username: z.string(),
  }),
  documents: z.array(adminDocumentSchema),
  canSeeDocuments: z.boolean(),
  identity: staffIdentitySchema,
}) satisfies z.ZodType<AdminOrder>;

export const fulfilmentQueueSchema = z.object({
  toShip: z.array(
    z.object({
      orderNo: z.string(),
      customerName: z.string(),
      delivery: z.enum(['mail', 'pickup', 'esim']),
      store: z.string().nullable(),
      approvedAt: isoOrNull,
      overdue: z.boolean(),
    }),
  ),
  toActivate: z.array(
    z.object({
      orderNo: z.string(),
      customerName: z.string(),
      status: z.enum(['shipped', 'ready_for_pickup', 'esim_ready']),
      trackingNo: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<FulfilmentQueue>;

// ---------- path parameters (past their caps a request is malformed: 400) ----------

export const orderNoParamsSchema = z.object({ orderNo: z.string().max(32) });
export const documentParamsSchema = z.object({ id: z.string().max(64) });
/** The order just decided, left out of the answer. */
export const reviewNextQuerySchema = z.object({ after: z.string().max(40).optional() });
export const reviewNextSchema = z.object({ orderNo: z.string().nullable() }) satisfies z.ZodType<ReviewNext>;
/** The order the document is opened for (the audit names it). */
export const documentQuerySchema = z.object({ orderNo: z.string().max(40).optional() });

// ---------- bodies ----------

export const CHECKLIST_ITEMS = ['nameAndBirthday', 'cardValid', 'address', 'visaType'] as const;

/** Every item must be ticked; each one that is not is named as a field (CHECKLIST_INCOMPLETE). */
export const approveBodySchema = z
  .object({
    checklist: z.object({
      nameAndBirthday: z.boolean(),
      cardValid: z.boolean(),
      address: z.boolean(),
      visaType: z.boolean(),
    }),
  })
  .superRefine((body, ctx) => {
    for (const item of CHECKLIST_ITEMS)
      if (!body.checklist[item]) ctx.addIssue({ code: 'custom', path: [item], message: 'CHECKLIST_INCOMPLETE' });
  }) satisfies z.ZodType<ApproveBody>;

/** Staff's note to the customer with a rejection reason; required when the reason is "other". */
export const REJECTION_NOTE_MAX = 500;

/**
 * One entry per refused document, each document once. A row's own mistakes are named
 * `rejections.<index>` (REJECTION_NOTE_REQUIRED, TOO_LONG, BAD_REQUEST for a repeated document);
 * an empty list is REJECTION_REQUIRED on `rejections`.
 */
export const rejectBodySchema = z
  .object({
    rejections: z
      .array(
        z.object({
          document: z.enum(DOCUMENT_KINDS),
          reason: z.enum(REJECTION_REASONS),
          note: z.string().trim().max(2000),
          // The language the note is written in (contract/staff-notes.ts); optional for callers
          // that predate it, whose notes are then shown without a language.
          lang: z.enum(['cn', 'ja']).optional(),
        }),
      )
      .max(DOCUMENT_KINDS.length)
      .min(1, 'REJECTION_REQUIRED'),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.rejections.forEach((row, index) => {
      const path = [`rejections.${index}`];
      if (seen.has(row.document)) ctx.addIssue({ code: 'custom', path, message: 'BAD_REQUEST' });
      seen.add(row.document);
      if (row.note.length > REJECTION_NOTE_MAX) ctx.addIssue({ code: 'custom', path, message: 'TOO_LONG' });
      if (row.reason === 'other' && !row.note)
        ctx.addIssue({ code: 'custom', path, message: 'REJECTION_NOTE_REQUIRED' });
    });
  }) satisfies z.ZodType<RejectBody>;

export const isTrackingNo = (value: string) => /^[A-Za-z0-9-]{6,30}$/.test(value);

export const shipBodySchema = z.object({
  carrier: z.enum(CARRIERS, { error: 'REQUIRED' }),
  trackingNo: z.string().trim().max(60, 'TRACKING_INVALID').refine(isTrackingNo, 'TRACKING_INVALID'),
}) satisfies z.ZodType<ShipBody>;

/** A Japanese mobile number: 070, 080 or 090 and 8 digits, hyphens as 0X0-XXXX-XXXX or none. */
export const isMsisdn = (value: string) => /^0[789]0(\d{8}|-\d{4}-\d{4})$/.test(value);

/** The Luhn check digit (ISO/IEC 7812), which ends every ICCID. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A SIM's ICCID: 19 or 20 digits, 89 (telecom) first, a valid Luhn digit last. */
export const isIccid = (value: string) => /^89\d{17,18}$/.test(value) && luhnValid(value);

export const activateBodySchema = z.object({
  msisdn: z.string().trim().max(20, 'MSISDN_INVALID').refine(isMsisdn, 'MSISDN_INVALID'),
  iccid: z.string().trim().max(30, 'ICCID_INVALID').refine(isIccid, 'ICCID_INVALID'),
}) satisfies z.ZodType<ActivateBody>;
