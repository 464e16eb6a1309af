// The wire contract shared by the app and the server (docs/architecture.md#api-envelope).

import type { z } from 'zod';
import type * as views from './views';

export type Lang = 'cn' | 'ja';
export const LANGS: readonly Lang[] = ['cn', 'ja'];
export const DEFAULT_LANG: Lang = 'cn';

/** docs/requirements.md#calls: zh-cn for Chinese, ja otherwise. */
export function acceptLanguageFor(lang: Lang): string {
  return lang === 'cn' ? 'zh-cn' : 'ja';
}

/** The server's reading of Accept-Language: Japanese when asked for first, Chinese otherwise. */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  const first = (header ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ja') ? 'ja' : 'cn';
}

export function isLang(value: unknown): value is Lang {
  return value === 'cn' || value === 'ja';
}

/** The BCP 47 tag of a language: for `lang` attributes and Intl formatting alike. */
export function langTag(lang: Lang): 'zh-CN' | 'ja' {
  return lang === 'ja' ? 'ja' : 'zh-CN';
}

/** Sent in the `token` header when the visitor has no token (docs/requirements.md#calls). */
export const TOKEN_PLACEHOLDER = 'visitor';

/** How a customer pays (docs/requirements.md#product); card is the fallback everywhere. */
export const PAY_METHODS = ['wechat', 'alipay', 'card'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export const CODE_OK = 1;
export const CODE_REFUSED = 0;

/** Stable keys in `data.error`; each has a message under `api.errors.<key>` in locales/. */
export const ERROR_KEYS = [
  'UNAUTHORIZED',
  'NOT_FOUND',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'SERVER_ERROR',
  'REQUIRED',
  'EMAIL_INVALID',
  'PASSWORD_RULE',
  'PASSWORD_MISMATCH',
  'USERNAME_RULE',
  'CODE_INVALID',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'LOGIN_FAILED',
  'EMAIL_REGISTERED',
  'CODE_TOO_SOON',
  'MAIL_FAILED',
  'CODE_WRONG',
  'CODE_ATTEMPTS',
  'CODE_REQUIRED',
  'ALREADY_ACTIVE',
  'NO_CHANGES',
  'OAUTH_FAILED',
  'OAUTH_CONSENT_REQUIRED',
  'AGREEMENT_REQUIRED',
  'FILE_TYPE',
  'FILE_REQUIRED',
  'FILE_TOO_LARGE',
  'UPLOAD_REQUIRED',
  'RESIDENCE_FRONT_REQUIRED',
  'RESIDENCE_BACK_REQUIRED',
  'IDENTITY_DOC_REQUIRED',
  'UPLOAD_MALFORMED',
  'UPLOAD_QUOTA',
  'UPLOAD_BUSY',
  'FILE_HEIC',
  'PDF_ENCRYPTED',
  'PDF_UNREADABLE',
  'PDF_TOO_MANY_PAGES',
  'PDF_TOO_COMPLEX',
  'IMAGE_UNREADABLE',
  'IMAGE_TOO_SMALL',
  'IMAGE_TOO_LARGE',
  'SETMEAL_REQUIRED',
  'SIGN_FIRST',
  'STATUS_CONFLICT',
  'NOT_REJECTED',
  'REPLACE_REJECTED',
  'HANDOFF_INVALID',
  'TOO_LONG',
  'BIRTHDAY_INVALID',
  'POSTCODE_INVALID',
  'PHONE_INVALID',
  'STORE_REQUIRED',
  'PROOF_REQUIRED',
  'PROOF_TOO_OLD',
  'LOGIN_FIRST',
  'PAY_METHOD_UNAVAILABLE',
  'WECHAT_PAYER_REQUIRED',
  'ORDER_EXPIRED',
  'ORDER_NOT_PAYABLE',
  'CARD_TOKEN_REQUIRED',
  'ALREADY_PAID',
  'PAYMENT_IN_PROGRESS',
  'NO_LINE',
  'BIND_PHONE_FIRST',
  'SAME_PLAN',
  'CHANGE_PENDING',
  'NO_PENDING_CHANGE',
  'MOBILE_TAKEN',
  'MOBILE_INVALID',
  'PASSWORD_REQUIRED',
  'PASSWORD_WRONG',
  'NO_BILL_TO_PAY',
  'OLDER_BILL_UNPAID',
  'NOTIFICATION_LOCKED',
  'STAFF_BAD_LOGIN',
  'STAFF_BAD_CODE',
  'STAFF_SIGN_IN_FIRST',
  'STAFF_PASSWORD_WEAK',
  'CSRF_REFUSED',
  'FORBIDDEN',
  'CHECKLIST_INCOMPLETE',
  'REJECTION_REQUIRED',
  'REJECTION_NOTE_REQUIRED',
  'DOCUMENT_NOT_IN_ORDER',
  'TRACKING_INVALID',
  'DELIVERY_MISMATCH',
  'MSISDN_INVALID',
  'ICCID_INVALID',
  'MSISDN_IN_USE',
  'ICCID_IN_USE',
  'ACTIVATION_NOT_NEEDED',
  'PAYMENT_NOT_REFUNDABLE',
  'REFUND_AMOUNT_INVALID',
  'REFUND_TOO_MUCH',
  'REFUND_PARTIAL_UNSUPPORTED',
  'REFUND_NOT_RETRYABLE',
  'MONTH_INVALID',
  'DATE_INVALID',
  // Identity verification (issue 29, contract/identity-rules.ts).
  'IDENTITY_REQUIRED',
  'IDENTITY_METHOD_UNAVAILABLE',
  'IDENTITY_ALREADY_VERIFIED',
  'IDENTITY_ORDER_CLOSED',
  'IDENTITY_PROVIDER_UNAVAILABLE',
  'COUNTER_CHECK_REQUIRED',
  'DOCUMENT_LAST4_INVALID',
  // eSIM (issue 30, contract/esim-rules.ts).
  'ESIM_CONFIRM_REQUIRED',
  'ESIM_NOT_OFFERED',
  'ESIM_NOT_READY',
  'NOT_ESIM_LINE',
  'REISSUE_OPEN',
  'REISSUE_NOT_CANCELLABLE',
  'CHARGE_NOT_PAYABLE',
  'PROFILE_CSV_INVALID',
  'PROFILE_CSV_HEADER',
  'PROFILE_CSV_TOO_MANY',
  'ESIM_PROVIDER_UNAVAILABLE',
  // A bad row of a stock import (server/esim/stock.ts), named with its line.
  'ICCID_DUPLICATE',
  'SMDP_ADDRESS_INVALID',
  'MATCHING_ID_INVALID',
  'CONFIRMATION_CODE_INVALID',
  // The line's life (issue 31, contract/line-states.ts, lifecycle-rules.ts, topup-rules.ts).
  'LINE_STATE_REFUSED',
  'LINE_NOT_ACTIVE',
  'CARRIER_UNAVAILABLE',
  'TOPUP_ADDON_INVALID',
  'TOPUP_NOT_AVAILABLE',
  'TOPUP_OPEN',
  'CARD_ON_FILE_REQUIRED',
  'CARD_ON_FILE_FAILED',
  'AUTO_TOPUP_CAP_INVALID',
  'PAUSE_START_INVALID',
  'PAUSE_END_INVALID',
  'PAUSE_OPEN',
  'NO_PAUSE',
  'REPLACEMENT_OPEN',
  'REPLACEMENT_NOT_LOST',
  'NO_REPLACEMENT',
  'CANCEL_DATE_INVALID',
  'CANCELLATION_OPEN',
  'NO_CANCELLATION',
  'CANCELLATION_NOT_WITHDRAWABLE',
  'CANCELLATION_NOT_DUE',
  'FINAL_BILL_COVERS',
  'PORT_OUT_VOICE_ONLY',
  'PORT_OUT_OPEN',
  'NO_PORT_OUT',
  'RESERVATION_INVALID',
  // Receipts (issue 33, contract/receipt-rules.ts).
  'ADDRESSEE_INVALID',
  'ADDRESSEE_FIXED',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

export interface Envelope<T> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

export interface ErrorData {
  /** One of ERROR_KEYS; typed as any string, as a server newer than the app may send a key it does not know yet. */
  error: string;
  fields?: Record<string, string>;
  /** The request's id (its `x-request-id`) on a 4xx or 5xx refusal: the reference a customer gives support. */
  requestId?: string;
}

// The shapes inside `data` are zod schemas in contract/views.ts (the server's replies go through
// them); their types are derived here with `import type`, so the app keeps importing them from
// this file and no zod reaches its first render.
export type Banner = z.infer<typeof views.bannerSchema>;
export type StoreInfo = z.infer<typeof views.storeInfoSchema>;
export type PlanInfo = z.infer<typeof views.planInfoSchema>;
export type ServiceHoursConfig = z.infer<typeof views.serviceHoursConfigSchema>;
export type OAuthConfig = z.infer<typeof views.oauthConfigSchema>;
export type PaymentConfig = z.infer<typeof views.paymentConfigSchema>;
export type AppConfig = z.infer<typeof views.appConfigSchema>;
export type UserInfo = z.infer<typeof views.userInfoSchema>;
/** A surplus payment on an order or bill being sent back ('refunding' until the provider confirms). */
export type RefundView = z.infer<typeof views.refundViewSchema>;
/** An order as the customer sees it (prices in integer yen, dates ISO). */
export type OrderView = z.infer<typeof views.orderViewSchema>;
export type OrderStep = z.infer<typeof views.orderStepSchema>;
export type SignedIn = z.infer<typeof views.signedInSchema>;
export type Faq = z.infer<typeof views.faqSchema>;
export type PageContent = z.infer<typeof views.pageContentSchema>;
export type JssdkSignature = z.infer<typeof views.jssdkSignatureSchema>;
export type StoredDocument = z.infer<typeof views.storedDocumentSchema>;
export type PackageView = z.infer<typeof views.packageViewSchema>;
export type UsageView = z.infer<typeof views.usageViewSchema>;
export type BillView = z.infer<typeof views.billViewSchema>;
export type PersonalView = z.infer<typeof views.personalViewSchema>;
export type PlanChangeView = z.infer<typeof views.planChangeSchema>;
/** Notification channels the customer has, and their choice per kind (contract/notifications.ts). */
export type NotificationSettingsView = z.infer<typeof views.notificationSettingsSchema>;
export type NotificationKindSetting = NotificationSettingsView['kinds'][number];
