// The wire contract shared by the app and the server (DESIGN.md section 3).

export type Lang = 'cn' | 'ja';
export const LANGS: readonly Lang[] = ['cn', 'ja'];
export const DEFAULT_LANG: Lang = 'cn';

/** SPEC.md section 7: zh-cn for Chinese, ja otherwise. */
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

/** Sent in the `token` header when the visitor has no token (SPEC.md section 7). */
export const TOKEN_PLACEHOLDER = 'visitor';

/** How a customer pays (SPEC.md section 6); card is the fallback everywhere. */
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
  'CODE_REQUIRED',
  'ALREADY_ACTIVE',
  'NO_CHANGES',
  'OAUTH_FAILED',
  'AGREEMENT_REQUIRED',
  'FILE_TYPE',
  'FILE_REQUIRED',
  'FILE_TOO_LARGE',
  'UPLOAD_REQUIRED',
  'UPLOAD_MALFORMED',
  'UPLOAD_QUOTA',
  'UPLOAD_BUSY',
  'FILE_HEIC',
  'PDF_ACTIVE',
  'IMAGE_UNREADABLE',
  'IMAGE_TOO_SMALL',
  'IMAGE_TOO_LARGE',
  'SETMEAL_REQUIRED',
  'SIGN_FIRST',
  'STATUS_CONFLICT',
  'NOT_REJECTED',
  'TOO_LONG',
  'BIRTHDAY_INVALID',
  'POSTCODE_INVALID',
  'PHONE_INVALID',
  'STORE_REQUIRED',
  'PROOF_REQUIRED',
  'PROOF_TOO_OLD',
  'LOGIN_FIRST',
  'PAY_METHOD_UNAVAILABLE',
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
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

export interface Envelope<T> {
  code: number;
  msg: string;
  time: number;
  data: T;
}

export interface ErrorData {
  error: ErrorKey | string;
  fields?: Record<string, string>;
}

export interface Banner {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
}

export interface StoreInfo {
  id: number;
  name: string;
  address: string;
  hours: string;
  phone: string;
  lat: number;
  lng: number;
}

export interface PlanInfo {
  id: number;
  name: string;
  description: string;
  dataGb: number;
  throttledKbps: number;
  originalPrice: number;
  activityPrice: number;
  monthlyRent: number;
}

export interface ServiceHoursConfig {
  timeZone: string;
  open: string;
  close: string;
  weekdays: number[];
}

export interface OAuthConfig {
  wechatAppId: string;
  /** The WeChat consent page (the sandbox one on this server unless configured). */
  wechatAuthorizeUrl: string;
}

export interface PaymentConfig {
  methods: PayMethod[];
  /** The card gateway's token.js. */
  tokenScriptUrl: string;
  shopId: string;
}

export interface AppConfig {
  siteName: string;
  oauth: OAuthConfig;
  payment: PaymentConfig;
  taxRatePercent: number;
  freeApps: number;
  serviceHours: ServiceHoursConfig;
  contact: { phone: string; email: string; wechatId: string };
}

export interface UserInfo {
  id: number;
  username: string;
  /** Null for an account made by WeChat or Alipay sign-in until an e-mail is linked. */
  email: string | null;
  hasPassword: boolean;
  mobile: string | null;
  lang: Lang;
  token: string;
}

/** A surplus payment on an order or bill being sent back ('refunding' until the provider confirms). */
export interface RefundView {
  amount: number;
  status: 'refunding' | 'refunded';
}

/** An order as the customer sees it (prices in integer yen, dates ISO). */
export interface OrderView {
  orderNo: string;
  status: string;
  planId: number;
  planName: string;
  price: number;
  tax: number;
  total: number;
  monthlyRent: number;
  createdAt: string;
  payBefore: string;
  /** Tokyo date by which an approved order leaves (3 working days). */
  dispatchBy: string | null;
  trackingNo: string | null;
  rejectReason: { document: string; reason: string } | null;
  info: Record<string, string>;
}
