import { z } from 'zod';
import { BRAND_PLACEHOLDERS, DEFAULT_BRAND, brandWords, withBrand, type Brand } from './brand-words.js';

// The operator's name and details, everywhere the product shows them (pages, titles, mails,
// SMS, WeChat messages, receipts, the staff console, the TOTP issuer): configuration, not
// code. The server reads it from BRAND_FILE (a JSON file in this shape); the app receives it
// with the page. Braces are refused in every text: they would read as placeholders in the
// locale strings the values are put into.

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^{}<>\p{Cc}]*$/u, 'no braces, angle brackets or control characters');
const byLang = (max: number) => z.object({ cn: text(max), ja: text(max) });

/** Japan's qualified invoice issuer number: T and the 13-digit corporate (or assigned) number. */
export const INVOICE_NUMBER = /^T\d{13}$/;

/** Whether the 13 digits carry a valid check digit (the corporate number's rule, first digit). */
export function invoiceNumberValid(value: string): boolean {
  if (!INVOICE_NUMBER.test(value)) return false;
  const digits = value.slice(1);
  const body = digits.slice(1);
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[11 - i]) * (i % 2 === 0 ? 1 : 2);
  return Number(digits[0]) === 9 - (sum % 9);
}

// Pages load the logo and icon: from the site itself, or over HTTPS from a host the page's
// content security policy then allows (server/app.ts).
const SITE_OR_HTTPS = /^(?:\/(?!\/)|https:\/\/[^/\s"']+\/)[^\s"']*$/;

export const brandSchema = z.object({
  /** The brand as customers read it, per language ("云路移动", "くもじモバイル"). */
  name: byLang(40),
  /** In the 【】 prefix of SMS and mail subjects. */
  short: byLang(12),
  /** Latin name for places that need one (the TOTP issuer, the mail sender's display name). */
  latinName: text(60).regex(/^[\x20-\x7e]+$/, 'ASCII only'),
  /** Logo and icon: paths under the site or absolute https URLs. */
  logoUrl: text(300).regex(SITE_OR_HTTPS, 'a path under the site (/...) or an https:// URL'),
  iconUrl: text(300).regex(SITE_OR_HTTPS, 'a path under the site (/...) or an https:// URL'),
  /** CSS colour of the theme (the title bar, buttons, the browser's theme-color). */
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour'),
  contact: z.object({
    phone: text(30),
    email: z.email().max(120),
    wechatId: text(40),
  }),
  /** Customer-service hours, Japan time. */
  serviceHours: z.object({
    open: z.string().regex(/^\d{2}:\d{2}$/),
    close: z.string().regex(/^\d{2}:\d{2}$/),
    /** ISO weekdays, 1 = Monday. */
    weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  }),
  company: z.object({
    /** The legal name on receipts and terms, per language. */
    legalName: byLang(80),
    address: byLang(160),
    /** Qualified invoice issuer number (T + 13 digits), printed on every receipt. */
    invoiceNumber: z.string().refine(invoiceNumberValid, 'T and 13 digits with a valid check digit'),
  }),
  /** The From of every mail: `Display Name <address>` or an address alone. */
  mailFrom: z
    .string()
    .max(200)
    .regex(/^(?:[^{}<>\p{Cc}]+ <[^\s<>@]+@[^\s<>@]+>|[^\s<>@{}]+@[^\s<>@{}]+)$/u, 'Name <address> or an address'),
});

// The schema and the zod-free shape the app uses must not drift apart.
const sameShape: z.ZodType<Brand> = brandSchema;
void sameShape;

export { DEFAULT_BRAND, brandWords, withBrand, BRAND_PLACEHOLDERS, type Brand };
