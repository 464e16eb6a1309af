import { z } from 'zod';
import type { Lang } from './api.js';

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

export const brandSchema = z.object({
  /** The brand as customers read it, per language ("云路移动", "くもじモバイル"). */
  name: byLang(40),
  /** In the 【】 prefix of SMS and mail subjects. */
  short: byLang(12),
  /** Latin name for places that need one (the TOTP issuer, the mail sender's display name). */
  latinName: text(60).regex(/^[\x20-\x7e]+$/, 'ASCII only'),
  /** Logo and icon: paths under the site or absolute https URLs. */
  logoUrl: text(300),
  iconUrl: text(300),
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
    .regex(
      /^(?:[^{}<>\p{Cc}]+ <[^\s<>@]+@[^\s<>@]+>|[^\s<>@{}]+@[^\s<>@{}]+)$/u,
      'Name <address> or an address',
    ),
});

export type Brand = z.infer<typeof brandSchema>;

/**
 * The default: an invented brand that belongs to nobody (no mobile provider in Japan or China
 * trades under it), with an example company and a made-up invoice number, for development,
 * tests and a staging site. A real operator sets BRAND_FILE.
 */
export const DEFAULT_BRAND: Brand = {
  name: { cn: '云路移动', ja: 'くもじモバイル' },
  short: { cn: '云路移动', ja: 'くもじ' },
  latinName: 'Kumoji Mobile',
  logoUrl: '/h5/brand/logo.svg',
  iconUrl: '/h5/brand/icon.svg',
  themeColor: '#2f6fde',
  contact: { phone: '0120-000-000', email: 'support@kumoji-mobile.example', wechatId: 'kumoji_cs' },
  serviceHours: { open: '09:00', close: '17:30', weekdays: [1, 2, 3, 4, 5] },
  company: {
    legalName: { cn: '云路移动株式会社（示例）', ja: '株式会社くもじモバイル（例示）' },
    address: { cn: '日本东京都千代田区示例町1-2-3', ja: '東京都千代田区例示町1-2-3' },
    invoiceNumber: 'T7987654321012',
  },
  mailFrom: 'Kumoji Mobile <no-reply@kumoji-mobile.example>',
};

/**
 * The placeholders locale strings use for the brand, with their values in `lang`. Locale files
 * say `{{brand}}` where the name goes; these are put in before any other interpolation.
 */
export function brandWords(brand: Brand, lang: Lang): Record<string, string> {
  return {
    brand: brand.name[lang],
    brandShort: brand.short[lang],
    brandCompany: brand.company.legalName[lang],
    brandPhone: brand.contact.phone,
    brandEmail: brand.contact.email,
    brandWechat: brand.contact.wechatId,
  };
}

const PLACEHOLDER = /\{\{(brand|brandShort|brandCompany|brandPhone|brandEmail|brandWechat)\}\}/g;

/** A dictionary (nested objects of strings) with the brand's placeholders filled in. */
export function withBrand<T>(dictionary: T, brand: Brand, lang: Lang): T {
  const words = brandWords(brand, lang);
  const visit = (node: unknown): unknown => {
    if (typeof node === 'string')
      return node.includes('{{brand') ? node.replace(PLACEHOLDER, (_, k: string) => words[k]!) : node;
    if (Array.isArray(node)) return node.map(visit);
    if (node && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) out[key] = visit(value);
      return out;
    }
    return node;
  };
  return visit(dictionary) as T;
}
