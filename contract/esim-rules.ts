// eSIM delivery (issue 30): the activation code's form, the one-tap install links, the states
// of a profile and of a reissue. Zod-free, so the app's first load does not carry zod.
import type { Container } from './containers';
import type { EsimSupport } from './esim-devices';

/** How an order's SIM reaches the customer. `esim`: a profile installed over the air. */
export const DELIVERIES = ['mail', 'pickup', 'esim'] as const;
export type Delivery = (typeof DELIVERIES)[number];
export const isDelivery = (value: unknown): value is Delivery =>
  typeof value === 'string' && (DELIVERIES as readonly string[]).includes(value);

/**
 * The activation code of GSMA SGP.22: `LPA:1$<SM-DP+ address>$<matching ID>`. What the QR code
 * holds, what the customer may type in by hand, and what the one-tap links carry.
 */
export const lpaString = (smdpAddress: string, matchingId: string): string => `LPA:1$${smdpAddress}$${matchingId}`;

/** An SM-DP+ address: a host name (FQDN), no scheme, no path. */
export const SMDP_ADDRESS = /^(?=.{4,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
/** A matching ID: upper-case letters, digits and hyphens (SGP.22 allows [0-9A-Z-]), at most 255. */
export const MATCHING_ID = /^[0-9A-Z-]{1,255}$/;
/** A confirmation code, when the carrier sets one: 4 to 16 digits. */
export const CONFIRMATION_CODE = /^\d{4,16}$/;
/** An ICCID: 19 or 20 digits starting with 89 (the same rule staff's activation form uses). */
export const ICCID = /^89\d{17,18}$/;

export const APPLE_INSTALL_BASE = 'https://esimsetup.apple.com/esim_qrcode_provisioning';
export const ANDROID_INSTALL_BASE = 'https://esimsetup.android.com/esim_qrcode_provisioning';

/** The containers whose web view cannot open the one-tap link: the customer continues in the phone's browser. */
export const IN_APP_CONTAINERS: readonly Container[] = [
  'wechat',
  'wechat-miniprogram',
  'wecom',
  'alipay',
  'alipay-miniprogram',
  'alipay-hk',
];

export type InstallWay =
  /** A phone browser that can install in one tap (iOS 17.4+, Android 10+). */
  | { kind: 'link'; os: 'ios' | 'android'; href: string }
  /** Inside WeChat, Alipay or a mini-program: the one-time continuation link to the phone's browser. */
  | { kind: 'handoff' }
  /** Anything else (a computer, an older phone): the QR code to scan from the phone, and the code to type. */
  | { kind: 'qr' };

/**
 * Another app's web view that contract/detect.ts counts as a browser (LINE, QQ, Douyin, DingTalk,
 * Weibo, Facebook, Instagram...): the one-tap link is not known to work there either, so the
 * customer is handed off to the phone's browser as from WeChat. Android web views say "; wv)";
 * iOS ones leave out Safari's "Safari/" token, except LINE, named with the others.
 */
export function otherAppWebView(userAgent: string): boolean {
  if (/\b(Line|FBAV|FBAN|Instagram|KAKAOTALK|QQ|aweme|Weibo|DingTalk)\b[/ (]/i.test(userAgent)) return true;
  if (/Android/.test(userAgent)) return /;\s*wv\)/.test(userAgent);
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) && !/Safari\//.test(userAgent);
}

/**
 * How this page offers the install, from where it runs, what the phone is (esimSupport) and,
 * for a page counted as a browser, whether it is another app's web view after all.
 */
export function installWay(container: Container, support: EsimSupport, lpa: string, userAgent = ''): InstallWay {
  if (IN_APP_CONTAINERS.includes(container)) return { kind: 'handoff' };
  if (container === 'browser' && otherAppWebView(userAgent)) return { kind: 'handoff' };
  if (container !== 'browser' || !support.oneTap) return { kind: 'qr' };
  const base = support.oneTap === 'ios' ? APPLE_INSTALL_BASE : ANDROID_INSTALL_BASE;
  return { kind: 'link', os: support.oneTap, href: `${base}?carddata=${encodeURIComponent(lpa)}` };
}

/**
 * A profile in stock, from import to its end. `available` in stock; `assigned` to an order (or a
 * reissue), reserved at the carrier and installable; `installed` on the phone (the carrier said
 * so); `released`: handed back to the carrier, never installable again (reissue, cancelled order).
 */
export const PROFILE_STATUSES = ['available', 'assigned', 'installed', 'released'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

/** What the carrier's platform says of a profile (the provider's `status`). */
export const PROVIDER_PROFILE_STATES = [
  'available',
  'released',
  'downloaded',
  'installed',
  'deleted',
  'revoked',
] as const;
export type ProviderProfileState = (typeof PROVIDER_PROFILE_STATES)[number];

/** Why the customer asks for a new profile. */
export const REISSUE_REASONS = ['new_phone', 'deleted', 'other'] as const;
export type ReissueReason = (typeof REISSUE_REASONS)[number];

/**
 * A reissue: `awaiting_payment` (its fee's charge is open), `processing` (paid or free: the old
 * profile is being released and a new one assigned), `done`, `waiting_stock` (paid, no profile in
 * stock yet; assigned when staff import more), `cancelled` (the customer withdrew before paying).
 */
export const REISSUE_STATUSES = ['awaiting_payment', 'processing', 'waiting_stock', 'done', 'cancelled'] as const;
export type ReissueStatus = (typeof REISSUE_STATUSES)[number];

/** The header line of staff's stock import (CSV from the carrier); `confirmation_code` may be empty. */
export const PROFILE_CSV_COLUMNS = ['iccid', 'smdp_address', 'matching_id', 'confirmation_code'] as const;
/** At most this many profiles per import (a carrier batch is a few hundred). */
export const PROFILE_IMPORT_MAX_ROWS = 5000;
