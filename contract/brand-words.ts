import type { Lang } from './api.js';

// The brand's shape and the locale placeholders, without zod: the app imports this part (the
// first render's budget has no room for a schema library), the server validates BRAND_FILE
// with contract/brand.ts's schema, which is checked against this shape.

export interface Brand {
  /** The brand as customers read it, per language ("云路移动", "くもじモバイル"). */
  name: { cn: string; ja: string };
  /** In the 【】 prefix of SMS and mail subjects. */
  short: { cn: string; ja: string };
  /** Latin name for places that need one (the TOTP issuer, the mail sender's display name). */
  latinName: string;
  /** Logo and icon: paths under the site or absolute https URLs. */
  logoUrl: string;
  iconUrl: string;
  /** CSS colour of the theme (the title bar, buttons, the browser's theme-color). */
  themeColor: string;
  contact: { phone: string; email: string; wechatId: string };
  /** Customer-service hours, Japan time; weekdays are ISO (1 = Monday). */
  serviceHours: { open: string; close: string; weekdays: number[] };
  company: {
    /** The legal name on receipts and terms, per language. */
    legalName: { cn: string; ja: string };
    address: { cn: string; ja: string };
    /** Qualified invoice issuer number (T + 13 digits), printed on every receipt. */
    invoiceNumber: string;
  };
  /** The From of every mail: `Display Name <address>` or an address alone. */
  mailFrom: string;
}

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

/** Every placeholder withBrand fills (a locale test holds the files to these). */
export const BRAND_PLACEHOLDERS = [
  'brand',
  'brandShort',
  'brandCompany',
  'brandPhone',
  'brandEmail',
  'brandWechat',
] as const;

const PLACEHOLDER = /\{\{(brand|brandShort|brandCompany|brandPhone|brandEmail|brandWechat)\}\}/g;

/**
 * A dictionary (nested objects of strings) with the brand's placeholders filled in. Parts with
 * no placeholder are the same objects, not copies: the app runs this on its whole dictionary
 * while it starts, where few strings name the brand.
 */
export function withBrand<T>(dictionary: T, brand: Brand, lang: Lang): T {
  const words = brandWords(brand, lang);
  const visit = (node: unknown): unknown => {
    if (typeof node === 'string')
      return node.includes('{{brand') ? node.replace(PLACEHOLDER, (_, k: string) => words[k]!) : node;
    if (!node || typeof node !== 'object') return node;
    let out: Record<string, unknown> | unknown[] | null = null;
    for (const [key, value] of Object.entries(node)) {
      const filled = visit(value);
      if (filled === value) continue;
      out ??= Array.isArray(node) ? [...(node as unknown[])] : { ...(node as Record<string, unknown>) };
      (out as Record<string, unknown>)[key] = filled;
    }
    return out ?? node;
  };
  return visit(dictionary) as T;
}
