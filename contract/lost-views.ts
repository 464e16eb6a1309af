import { z } from 'zod';
import { isIccid, isTrackingNo } from './admin-review-views';
import { REPLACEMENT_KINDS } from './lifecycle-rules';
import { LINE_STATES } from './line-states';

// A lost or stolen SIM (issue 31, docs/lost-sim.md): the report that stops it at once and the
// replacement that brings the number back on a new SIM or eSIM. Amounts are yen including tax.

const int = z.number().int();

export const REPLACEMENT_STATUSES = [
  'awaiting_payment',
  'preparing',
  'shipped',
  'ready_for_pickup',
  'done',
  'cancelled',
] as const;
export type ReplacementStatus = (typeof REPLACEMENT_STATUSES)[number];

/** A replacement as the customer and staff see it. */
export const replacementViewSchema = z.object({
  replacementNo: z.string(),
  kind: z.enum(REPLACEMENT_KINDS),
  status: z.enum(REPLACEMENT_STATUSES),
  /** The fee including tax; 0 when free. */
  fee: int,
  /** Set only while the fee waits to be paid (`/pages/user/pay?chargeNo=`). */
  chargeNo: z.string().nullable(),
  trackingNo: z.string().nullable(),
  /** Where a posted SIM goes, in one line. */
  address: z.string().nullable(),
  oldIccidLast4: z.string(),
  newIccidLast4: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type ReplacementView = z.infer<typeof replacementViewSchema>;

/** GET /api/line/replacement and the answer of POST /api/line/lost: the lost page's whole state. */
export const lostLineViewSchema = z.object({
  /** False when the customer has no line (yet, or any more). */
  hasLine: z.boolean(),
  status: z.enum(LINE_STATES).nullable(),
  msisdn: z.string().nullable(),
  /** When the SIM was reported lost (the newest report), while it is. */
  lostAt: z.string().nullable(),
  /** SIM_REPLACEMENT_FEE with tax. */
  fee: int,
  /** What this line may be replaced with: post and pickup always, esim for a line on an eSIM. */
  kinds: z.array(z.enum(REPLACEMENT_KINDS)),
  /** The customer's current address, where a posted SIM goes. */
  address: z.string().nullable(),
  /** The open replacement, else the newest one (done or cancelled), else null. */
  replacement: replacementViewSchema.nullable(),
});
export type LostLineView = z.infer<typeof lostLineViewSchema>;

/** POST /api/line/replacement {kind}. */
export const replacementRequestSchema = z.object({
  kind: z.enum(REPLACEMENT_KINDS, { error: 'REQUIRED' }),
});

// ---------- staff ----------

export const replacementParamsSchema = z.object({
  replacementNo: z.string().trim().min(1).max(40),
});

/** POST /api/admin/replacements/:replacementNo/ship {trackingNo}. */
export const replacementShipSchema = z.object({
  trackingNo: z.string().trim().max(60, 'TRACKING_INVALID').refine(isTrackingNo, 'TRACKING_INVALID'),
});

/** POST /api/admin/replacements/:replacementNo/activate {iccid}: the new SIM's ICCID. */
export const replacementActivateSchema = z.object({
  iccid: z.string().trim().max(30, 'ICCID_INVALID').refine(isIccid, 'ICCID_INVALID'),
});

/** A replacement in the console: the customer's line and the replacement's steps. */
export const staffReplacementSchema = replacementViewSchema.extend({
  userId: int,
  msisdn: z.string(),
  lineStatus: z.enum(LINE_STATES),
  oldIccid: z.string(),
  newIccid: z.string().nullable(),
  requestedBy: z.string(),
});
export type StaffReplacement = z.infer<typeof staffReplacementSchema>;

/** GET /api/admin/customers/:id/replacement: the console's panel on the customer page. */
export const staffLostPanelSchema = z.object({
  lineId: int.nullable(),
  lineStatus: z.enum(LINE_STATES).nullable(),
  msisdn: z.string().nullable(),
  replacements: z.array(staffReplacementSchema),
});
export type StaffLostPanel = z.infer<typeof staffLostPanelSchema>;

/** GET /api/admin/replacements: the open ones, oldest first (the fulfilment queue). */
export const staffReplacementListSchema = z.object({ replacements: z.array(staffReplacementSchema) });
export type StaffReplacementList = z.infer<typeof staffReplacementListSchema>;
