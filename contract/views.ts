import { CARRIERS } from './carriers.js';
import { z } from 'zod';
import { LANGS, PAY_METHODS } from './api';
import { NOTIFICATION_KINDS } from './notifications';
import { LINE_TYPES } from './identity-rules';
import { HANDOFF_NEXT } from './handoff-rules';

// What the server sends inside the envelope's `data`, as zod schemas: the server's replies go
// through them (undeclared keys are dropped), and contract/api.ts derives the app's types from
// them with `import type`, so none of this reaches the app's runtime.

const int = z.number().int();

export const bannerSchema = z.object({
  id: int,
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
  link: z.string(),
});

export const storeInfoSchema = z.object({
  id: int,
  name: z.string(),
  address: z.string(),
  hours: z.string(),
  phone: z.string(),
  lat: z.number(),
  lng: z.number(),
});

export const planInfoSchema = z.object({
  id: int,
  name: z.string(),
  description: z.string(),
  dataGb: int,
  throttledKbps: int,
  originalPrice: int,
  activityPrice: int,
  monthlyRent: int,
  /** A data-only line or a voice line with a phone number (contract/identity-rules.ts). */
  lineType: z.enum(LINE_TYPES),
  /** The plan may be delivered as an eSIM (contract/esim-rules.ts). */
  esim: z.boolean(),
});

export const serviceHoursConfigSchema = z.object({
  timeZone: z.string(),
  open: z.string(),
  close: z.string(),
  weekdays: z.array(int),
});

export const oauthConfigSchema = z.object({
  wechatAppId: z.string(),
  /** The WeChat consent page (the sandbox one on this server unless configured). */
  wechatAuthorizeUrl: z.string(),
});

export const paymentConfigSchema = z.object({
  methods: z.array(z.enum(PAY_METHODS)),
  /** The card gateway's token.js. */
  tokenScriptUrl: z.string(),
  shopId: z.string(),
  /** Sandbox only: a stand-in for the WeChat and Alipay payment sheets where no real client runs. */
  standInBridgeUrl: z.string().nullable(),
  /** WECHAT_H5_PAY=on: a phone browser may pay by WeChat Pay H5. */
  wechatH5: z.boolean(),
  /** The scenes this deployment's providers run (contract/containers.ts PayScene). */
  scenes: z.array(z.string()),
});

export const appConfigSchema = z.object({
  siteName: z.string(),
  oauth: oauthConfigSchema,
  payment: paymentConfigSchema,
  taxRatePercent: int,
  freeApps: int,
  serviceHours: serviceHoursConfigSchema,
  contact: z.object({ phone: z.string(), email: z.string(), wechatId: z.string() }),
  /** KYC_PHOTO_FOR_DATA=on: data plans may still be verified by document photos (identityMethodsFor). */
  identity: z.object({ photoForData: z.boolean() }),
  /** ESIM_FEE and ESIM_REISSUE_FEE, yen excluding tax (contract/pricing.ts adds it). */
  esim: z.object({ fee: int, reissueFee: int }),
});

export const userInfoSchema = z.object({
  id: int,
  username: z.string(),
  /** Null for an account made by WeChat or Alipay sign-in until an e-mail is linked. */
  email: z.string().nullable(),
  hasPassword: z.boolean(),
  mobile: z.string().nullable(),
  lang: z.enum(LANGS),
  token: z.string(),
});

export const signedInSchema = z.object({ userinfo: userInfoSchema });

/** The account's language after the customer chose one. */
export const langSavedSchema = z.object({ lang: z.enum(LANGS) });

/** A surplus payment on an order or bill being sent back ('refunding' until the provider confirms). */
export const refundViewSchema = z.object({ amount: int, status: z.enum(['refunding', 'refunded']) });

/** An order as the customer sees it (prices in integer yen, dates ISO). */
export const orderViewSchema = z.object({
  orderNo: z.string(),
  status: z.string(),
  planId: int,
  planName: z.string(),
  /** The plan's line type when the order was placed: it decides the identity check. */
  lineType: z.enum(LINE_TYPES),
  price: int,
  tax: int,
  total: int,
  monthlyRent: int,
  createdAt: z.string(),
  payBefore: z.string(),
  /** Tokyo date by which an approved order leaves (3 working days). */
  dispatchBy: z.string().nullable(),
  trackingNo: z.string().nullable(),
  carrier: z.enum(CARRIERS).nullable(),
  /**
   * Each refused document with a reason code (REJECTION_REASONS) and staff's note, with the
   * note's language when known (contract/staff-notes.ts); empty unless rejected.
   */
  rejections: z.array(
    z.object({ document: z.string(), reason: z.string(), note: z.string(), lang: z.enum(['cn', 'ja']).optional() }),
  ),
  info: z.record(z.string(), z.string()),
});

/** One step of an order's life as the customer may see it: who moved it is not shown. */
export const orderStepSchema = z.object({ status: z.string(), at: z.string() });

/** The customer's order, or null before the first one; `history` only where one order is asked for. */
export const orderReplySchema = z.object({
  order: orderViewSchema.nullable(),
  history: z.array(orderStepSchema).optional(),
});

/** Every order of the customer, newest first. */
export const orderListSchema = z.object({ orders: z.array(orderViewSchema) });

export const faqSchema = z.object({ id: int, topic: z.string(), question: z.string(), answer: z.string() });
export const faqListSchema = z.array(faqSchema);

export const pageContentSchema = z.object({
  name: z.string(),
  title: z.string(),
  html: z.string(),
  updatedAt: z.string(),
});

export const jssdkSignatureSchema = z.object({
  appId: z.string(),
  timestamp: z.string(),
  nonceStr: z.string(),
  signature: z.string(),
});

export const storedDocumentSchema = z.object({ id: z.string(), kind: z.string(), mime: z.string(), size: int });

export const packageViewSchema = z.object({
  msisdn: z.string(),
  status: z.string(),
  planId: int,
  planName: z.string(),
  monthlyRent: int,
  dataGb: int,
  throttledKbps: int,
  activatedAt: z.string(),
  pendingChange: z.object({ id: int, planId: int, planName: z.string(), effectiveDate: z.string() }).nullable(),
  currentBill: z.object({ billNo: z.string(), status: z.string(), total: int }).nullable(),
});

export const usageViewSchema = z.object({
  usedMb: z.number(),
  quotaMb: z.number(),
  percent: int,
  throttled: z.boolean(),
  throttledKbps: int,
  resetDate: z.string(),
  daysUntilReset: int,
  days: z.array(z.object({ day: z.string(), megabytes: z.number() })),
});

export const billViewSchema = z.object({
  billNo: z.string(),
  month: z.string(),
  items: z.array(z.object({ code: z.string(), planId: int, amount: int })),
  subtotal: int,
  tax: int,
  total: int,
  dueDate: z.string(),
  status: z.string(),
  paidAt: z.string().nullable(),
});

export const billListSchema = z.object({ bills: z.array(billViewSchema) });

/** What a one-off charge is for (server/billing/charges.ts ChargeKind). */
export const CHARGE_KINDS = ['esim_reissue', 'topup', 'sim_replacement', 'final_bill'] as const;
export type ChargeKindView = (typeof CHARGE_KINDS)[number];

/** A one-off charge as its pay page shows it; null when it is not the customer's. */
export const chargeDetailSchema = z.object({
  charge: z
    .object({
      chargeNo: z.string(),
      kind: z.enum(CHARGE_KINDS),
      total: int,
      status: z.enum(['unpaid', 'paid', 'cancelled']),
    })
    .nullable(),
});

/** Personal data as it stands, and the address printed on the residence card. */
export const personalViewSchema = z.object({
  info: z.record(z.string(), z.string()),
  cardAddress: z.record(z.string(), z.string()),
});

/** Personal data after a change. */
export const personalSavedSchema = z.object({ info: z.record(z.string(), z.string()) });

/** A plan change asked for (a cancellation answers with nothing). */
export const planChangeSchema = z.object({
  effectiveDate: z.string().optional(),
  planId: int.optional(),
  difference: int.optional(),
});

/** A one-time continuation link (path under the site) and when it stops working. */
/** The mini-program opens its web view at `path` (on this site); the ticket in it works once. */
export const miniProgramTicketIssuedSchema = z.object({ ticket: z.string(), path: z.string(), expiresAt: z.string() });

export const handoffCreatedSchema = z.object({ path: z.string(), expiresAt: z.string() });

/** Who the link signed in, and the order whose payment it opens (null: the monthly bill). */
export const handoffRedeemedSchema = z.object({
  userinfo: userInfoSchema,
  orderNo: z.string().nullable(),
  /**
   * Where the link lands: `pay` the pay page, `verify` the identity step (/pages/process/verify?orderNo=),
   * `esim` the order's page with its eSIM install (/pages/order/detail?orderNo=).
   */
  next: z.enum(HANDOFF_NEXT),
});

/** Which channels reach the customer at all: an e-mail on the account, a bound mobile, a linked WeChat. */
export const notificationChannelsSchema = z.object({ email: z.boolean(), sms: z.boolean(), wechat: z.boolean() });

/**
 * The customer's notification settings: `channels` they have, and per kind (in NOTIFICATION_KINDS
 * order) the effective choice for each channel, whether or not they have it; locked kinds are
 * always on.
 */
export const notificationSettingsSchema = z.object({
  channels: notificationChannelsSchema,
  kinds: z.array(
    z.object({
      kind: z.enum(NOTIFICATION_KINDS),
      locked: z.boolean(),
      email: z.boolean(),
      sms: z.boolean(),
      wechat: z.boolean(),
    }),
  ),
});
