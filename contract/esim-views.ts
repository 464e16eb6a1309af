import { z } from 'zod';
import { PROFILE_STATUSES, PROVIDER_PROFILE_STATES, REISSUE_REASONS, REISSUE_STATUSES } from './esim-rules';

// The eSIM API's shapes (issue 30). Amounts are integer yen including tax unless named exTax.
// The activation code travels only in EsimOrderView.activation, to the order's owner, from
// GET /api/esim/order: never in a list, a log line, a notification or the staff console.

const int = z.number().int();

/** GET /api/esim/order?orderNo= and POST /api/esim/installed {orderNo}. */
export const esimOrderQuerySchema = z.object({ orderNo: z.string().trim().min(1, 'REQUIRED').max(32) });

/** What the customer needs to install the profile (only while it is theirs and not yet installed). */
export const esimActivationSchema = z.object({
  /** `LPA:1$<SM-DP+>$<matching ID>`: the QR code's content and the one-tap link's carddata. */
  lpa: z.string(),
  smdpAddress: z.string(),
  matchingId: z.string(),
  /** Asked by the phone after scanning when the carrier set one. */
  confirmationCode: z.string().nullable(),
});
export type EsimActivation = z.infer<typeof esimActivationSchema>;

/**
 * The install page's state for one order (the order detail page shows it for eSIM orders).
 * - `preparing`: not yet deliverable (unpaid, identity, review) or approved and waiting for a
 *   profile in stock (`waitingStock`: the customer is told it takes longer, not an error);
 * - `ready`: a profile is assigned and installable, `activation` is set;
 * - `installed`: the carrier saw it installed (or staff activated the line);
 * - `none`: the order is not an eSIM order, or ended.
 */
export const esimOrderViewSchema = z.object({
  orderNo: z.string(),
  state: z.enum(['none', 'preparing', 'ready', 'installed']),
  waitingStock: z.boolean(),
  activation: esimActivationSchema.nullable(),
  /** The last 4 digits of the ICCID, to tell a reissued profile from the old one. */
  iccidLast4: z.string().nullable(),
  /** When the customer said it is installed (the line opens when the carrier or staff confirm). */
  markedInstalledAt: z.string().nullable(),
  installedAt: z.string().nullable(),
  /** True when the profile on show replaced an earlier one (a reissue). */
  reissued: z.boolean(),
});
export type EsimOrderView = z.infer<typeof esimOrderViewSchema>;

/** A reissue as the customer and staff see it. */
export const reissueViewSchema = z.object({
  reissueNo: z.string(),
  status: z.enum(REISSUE_STATUSES),
  reason: z.enum(REISSUE_REASONS),
  /** The fee including tax; 0 when free (ESIM_REISSUE_FEE=0, or staff's reissue). */
  fee: int,
  /** The charge to pay (POST /api/payment/create {chargeNo}) while `awaiting_payment`. */
  chargeNo: z.string().nullable(),
  /** The order page where the new profile is installed. */
  orderNo: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type ReissueView = z.infer<typeof reissueViewSchema>;

/** GET /api/esim/line: the customer's line seen from eSIM (the line page's reissue card). */
export const esimLineViewSchema = z.object({
  /** False for a line on a physical SIM: no reissue card. */
  esim: z.boolean(),
  orderNo: z.string().nullable(),
  iccidLast4: z.string().nullable(),
  /** ESIM_REISSUE_FEE with tax. */
  reissueFee: int,
  /** The open (not done or cancelled) reissue, if any: one at a time. */
  openReissue: reissueViewSchema.nullable(),
});
export type EsimLineView = z.infer<typeof esimLineViewSchema>;

/** POST /api/esim/reissue: the customer asks for a new profile for their line. */
export const reissueRequestSchema = z.object({
  reason: z.enum(REISSUE_REASONS, { error: 'REQUIRED' }),
});

/** POST /api/esim/reissue/cancel: withdraws an unpaid reissue. */
export const reissueCancelSchema = z.object({ reissueNo: z.string().trim().min(1, 'REQUIRED').max(40) });

// ---------- staff ----------

/** A profile as staff see it: never its matching ID or confirmation code. */
export const staffProfileSchema = z.object({
  iccid: z.string(),
  status: z.enum(PROFILE_STATUSES),
  smdpAddress: z.string(),
  orderNo: z.string().nullable(),
  msisdn: z.string().nullable(),
  importedAt: z.string(),
  assignedAt: z.string().nullable(),
  installedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  /** What the carrier last said (when asked), e.g. downloaded. */
  providerState: z.enum(PROVIDER_PROFILE_STATES).nullable(),
});
export type StaffProfile = z.infer<typeof staffProfileSchema>;

/** GET /api/admin/esim/stock?q=&status=: counts, the low-stock flag and the newest 100 profiles found. */
export const stockQuerySchema = z.object({
  q: z.string().trim().max(40).optional().default(''),
  status: z.enum(PROFILE_STATUSES).optional(),
});
export const stockViewSchema = z.object({
  counts: z.object({ available: int, assigned: int, installed: int, released: int }),
  /** ESIM_STOCK_LOW: at or below it, staff are told (console banner, mail to ESIM_STOCK_ALERT_TO). */
  threshold: int,
  low: z.boolean(),
  /** Approved eSIM orders and paid reissues waiting for a profile. */
  waiting: int,
  profiles: z.array(staffProfileSchema),
});
export type StockView = z.infer<typeof stockViewSchema>;

/** POST /api/admin/esim/import {csv}: all rows valid or nothing imported. */
export const stockImportSchema = z.object({ csv: z.string().min(1, 'REQUIRED').max(2_000_000, 'TOO_LONG') });
export const stockImportResultSchema = z.object({
  imported: int,
  /** ICCIDs already in stock: skipped, so importing the same file twice is harmless. */
  skipped: z.array(z.string()),
  /** Set when nothing was imported: each bad row's line number and its error key. */
  errors: z.array(z.object({ line: int, key: z.string() })),
  /** Orders and reissues that got a profile from this import. */
  assigned: int,
});
export type StockImportResult = z.infer<typeof stockImportResultSchema>;

/** The eSIM part of the console's order page (AdminOrder.esim). */
export const staffEsimSchema = z.object({
  current: staffProfileSchema.nullable(),
  /** Every profile the order's line held, newest first (released ones after a reissue). */
  profiles: z.array(staffProfileSchema),
  markedInstalledAt: z.string().nullable(),
  waitingStock: z.boolean(),
  reissues: z.array(reissueViewSchema),
});
export type StaffEsim = z.infer<typeof staffEsimSchema>;

/** POST /api/admin/orders/:orderNo/esim-reissue {reason}: staff reissue, free, audited. */
export const staffReissueSchema = reissueRequestSchema;
