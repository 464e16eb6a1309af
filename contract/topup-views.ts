import { z } from 'zod';
import { AUTO_TOPUP_CAP_MAX, AUTO_TOPUP_CAP_MIN } from './topup-rules';

// The top-up API's shapes (issue 31). Amounts are integer yen including tax; days are Tokyo
// dates. The card on file is only what the gateway shows of it (masked number, expiry).

const int = z.number().int();

export const TOPUP_STATUSES = ['awaiting_payment', 'applied', 'cancelled', 'failed'] as const;
export const TOPUP_SOURCES = ['customer', 'auto', 'staff'] as const;
/** Why the server turned automatic top-up off (shown in words: locales topup.disabled.*). */
export const AUTO_TOPUP_OFF_REASONS = ['card_declined', 'card_removed', 'staff'] as const;

export const addonViewSchema = z.object({
  id: z.string(),
  megabytes: int,
  /** Tax included. */
  price: int,
  validity: z.union([z.object({ kind: z.literal('month_end') }), z.object({ kind: z.literal('days'), days: int })]),
  /** Bought today, the last day it counts. */
  validUntil: z.string(),
});
export type AddonView = z.infer<typeof addonViewSchema>;

export const topupViewSchema = z.object({
  id: int,
  addonId: z.string(),
  megabytes: int,
  source: z.enum(TOPUP_SOURCES),
  status: z.enum(TOPUP_STATUSES),
  /** The charge's total, tax included. */
  price: int,
  /** Pay it at /pages/user/pay?chargeNo= while awaiting_payment. */
  chargeNo: z.string(),
  chargeStatus: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  createdAt: z.string(),
  appliedAt: z.string().nullable(),
});
export type TopupView = z.infer<typeof topupViewSchema>;

export const autoTopupViewSchema = z.object({
  enabled: z.boolean(),
  addonId: z.string(),
  monthlyCap: int,
  disabledReason: z.enum(AUTO_TOPUP_OFF_REASONS).nullable(),
  /** Automatic top-ups bought this Tokyo month. */
  usedThisMonth: int,
});
export type AutoTopupView = z.infer<typeof autoTopupViewSchema>;

export const cardOnFileViewSchema = z.object({ maskedNumber: z.string(), expiry: z.string() });
export type CardOnFileView = z.infer<typeof cardOnFileViewSchema>;

/** GET /api/line/topups: the top-up page. */
export const topupsPageSchema = z.object({
  /** False when data does not flow on the line (paused, lost, suspended, ended): nothing to buy. */
  available: z.boolean(),
  lineStatus: z.string(),
  addons: z.array(addonViewSchema),
  usage: z.object({ usedMb: int, quotaMb: int, addonMb: int, percent: int, throttled: z.boolean() }),
  open: topupViewSchema.nullable(),
  recent: z.array(topupViewSchema),
  auto: autoTopupViewSchema,
  card: cardOnFileViewSchema.nullable(),
  capMin: int,
  capMax: int,
});
export type TopupsPage = z.infer<typeof topupsPageSchema>;

/** POST /api/line/topups. */
export const topupCreateSchema = z.object({
  addonId: z
    .string({ error: 'TOPUP_ADDON_INVALID' })
    .trim()
    .min(1, 'TOPUP_ADDON_INVALID')
    .max(16, 'TOPUP_ADDON_INVALID'),
});

/** POST /api/line/card: the token from the card form (tokenizeCard); the card itself never comes here. */
export const cardSaveSchema = z.object({ token: z.string({ error: 'REQUIRED' }).trim().min(1, 'REQUIRED').max(512) });

/** A form sends `true`/`false` as text; JSON may send a boolean. */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
  error: 'BAD_REQUEST',
});

/** POST /api/line/auto-topup. */
export const autoTopupSchema = z.object({
  enabled: flag,
  addonId: z
    .string({ error: 'TOPUP_ADDON_INVALID' })
    .trim()
    .min(1, 'TOPUP_ADDON_INVALID')
    .max(16, 'TOPUP_ADDON_INVALID'),
  monthlyCap: z.coerce
    .number({ error: 'AUTO_TOPUP_CAP_INVALID' })
    .int('AUTO_TOPUP_CAP_INVALID')
    .min(AUTO_TOPUP_CAP_MIN, 'AUTO_TOPUP_CAP_INVALID')
    .max(AUTO_TOPUP_CAP_MAX, 'AUTO_TOPUP_CAP_INVALID'),
});

/** The console's top-up panel for one line. */
export const adminTopupsSchema = z.object({
  lineId: int,
  msisdn: z.string(),
  topups: z.array(topupViewSchema),
  auto: autoTopupViewSchema,
  card: cardOnFileViewSchema.nullable(),
});
export type AdminTopups = z.infer<typeof adminTopupsSchema>;
