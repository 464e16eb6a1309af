// Credit card fields as docs/requirements.md states them, with the gateway's result
// codes. The same checks run in the app (before the gateway script is called) and in the
// sandbox gateway, so a code means the same wherever it is produced.

/** Every result code of the card catalogue (docs/requirements.md#error-keys), ranges spelled out. */
export const CARD_ERROR_CODES = [
  '100',
  '101',
  '102',
  '110',
  '111',
  '112',
  '113',
  '121',
  '122',
  '131',
  '132',
  '141',
  '142',
  '150',
  '160',
  '161',
  '162',
  '170',
  '180',
  '190',
  '191',
  '200',
  '201',
  '501',
  '502',
  '511',
  '512',
  '521',
  '522',
  '531',
  '541',
  '551',
  '552',
  '701',
  '901',
  '902',
] as const;
export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

export const CARD_OK = '000';

// The codes the server itself answers with (the sandbox gateway, a charge that could not be sent).
export const CARD_SHOP_ID_MISSING: CardErrorCode = '160';
export const CARD_SHOP_ID_TOO_LONG: CardErrorCode = '161';
export const CARD_SHOP_ID_NOT_ALPHANUMERIC: CardErrorCode = '162';
export const CARD_SHOP_UNKNOWN: CardErrorCode = '180';
/** The token does not exist or was used already (tokens work once). */
export const CARD_TOKEN_INVALID: CardErrorCode = '502';
/** The gateway could not be reached or answered nonsense. */
export const CARD_GATEWAY_BUSY: CardErrorCode = '902';

export interface CardInput {
  number: string;
  /** As the customer or autofill types it: `12/30`, `12 / 30`, `1230`; normalizeCard makes it MMYY. */
  expiry: string;
  securityCode: string;
  holder: string;
  installments: string;
}

/** Full-width digits and slashes (a Chinese or Japanese IME) as their ASCII forms. */
const halfWidth = (text: string) => text.normalize('NFKC');

/**
 * What people and autofill type, in the form the rules and the gateway read: the number
 * without the spaces or hyphens it is printed with; the expiry as the spec's 4 digits MMYY
 * from `MM/YY`, `MM / YY`, `M/YY`, `MM/YYYY` or `MMYY`. Anything else is left (trimmed) for
 * the rules to name with the catalogue's code.
 */
export function normalizeCard(input: CardInput): CardInput {
  const expiry = halfWidth(input.expiry).trim();
  const slashed = /^(\d{1,2})\s*\/\s*(\d{2}|20\d{2})$/.exec(expiry);
  return {
    ...input,
    number: halfWidth(input.number).replace(/[\s-]/g, ''),
    expiry: slashed ? `${slashed[1]!.padStart(2, '0')}${slashed[2]!.slice(-2)}` : expiry.replace(/\s/g, ''),
    securityCode: halfWidth(input.securityCode).trim(),
    holder: halfWidth(input.holder).trim().replace(/\s+/g, ' '),
  };
}

/** Printed MMYY becomes the gateway's YYMM. */
export function toGatewayExpiry(mmyy: string): string {
  return mmyy.length === 4 ? `${mmyy.slice(2)}${mmyy.slice(0, 2)}` : mmyy;
}

/** The gateway's checks, in its order; null when the card data may be tokenized. */
export function cardNumberCode(number: string): CardErrorCode | null {
  if (number === '') return '100';
  if (!/^\d+$/.test(number)) return '101';
  if (number.length < 10 || number.length > 16) return '102';
  return null;
}

/** `expire` in the gateway's form: YYMM (4 digits) or YYYYMM (6). */
export function gatewayExpiryCode(expire: string): CardErrorCode | null {
  if (expire === '') return '110';
  if (!/^\d+$/.test(expire)) return '111';
  if (expire.length !== 4 && expire.length !== 6) return '112';
  if (Number(expire.slice(-2)) >= 13 || Number(expire.slice(-2)) === 0) return '113';
  return null;
}

export function securityCodeCode(code: string): CardErrorCode | null {
  if (code === '') return null;
  if (!/^\d+$/.test(code)) return '121';
  if (code.length < 3 || code.length > 4) return '122';
  return null;
}

export function holderCode(holder: string): CardErrorCode | null {
  if (holder === '') return null;
  if (holder.length > 50) return '132';
  // Half-width letters, spaces and the punctuation embossed on cards.
  if (!/^[A-Za-z0-9 .,\-/']+$/.test(holder)) return '131';
  return null;
}

export function installmentsCode(value: string): CardErrorCode | null {
  if (!/^\d+$/.test(value)) return '141';
  const n = Number(value);
  if (n < 1 || n > 10) return '142';
  return null;
}

/** What the app checks before calling the gateway script, field by field. */
export function checkCard(typed: CardInput): Partial<Record<keyof CardInput, CardErrorCode>> {
  const input = normalizeCard(typed);
  const number = input.number;
  const out: Partial<Record<keyof CardInput, CardErrorCode>> = {};
  const n = cardNumberCode(number);
  if (n) out.number = n;
  // The customer types MMYY: the month is the first two digits here.
  const e = /^\d{4}$/.test(input.expiry)
    ? gatewayExpiryCode(toGatewayExpiry(input.expiry))
    : gatewayExpiryCode(input.expiry);
  if (e) out.expiry = e;
  const c = input.securityCode === '' ? '122' : securityCodeCode(input.securityCode);
  if (c) out.securityCode = c;
  const h = holderCode(input.holder);
  if (h) out.holder = h;
  const i = installmentsCode(input.installments);
  if (i) out.installments = i;
  return out;
}

export function maskCard(number: string): string {
  return `${number.slice(0, 6)}${'*'.repeat(Math.max(0, number.length - 10))}${number.slice(-4)}`;
}
