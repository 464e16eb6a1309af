import type { MatchedField } from './identity-rules';

// Matching what an IC chip or JPKI certificate says against what the customer typed in the
// purchase form (issue 29). Pure: the server decides with it, the app may explain with it.

/** NFKC (full-width and half-width alike), lower case, without spaces and name separators. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u3000,.·・･\-‐]+/gu, '');
}

/**
 * Whether a verified name is the entered one. The card may give its name romanized ("LI HUA",
 * a residence card's order: family name first) or in kanji ("李 華"), and several forms at once
 * (`verified` as a list); the customer types a family and a given name in either script. Order
 * either way round, spaces and width ignored, nothing else forgiven.
 */
export function nameMatches(verified: string | readonly string[], entered: { lastName: string; firstName: string }) {
  const last = normalizeName(entered.lastName);
  const first = normalizeName(entered.firstName);
  if (!last && !first) return false;
  const candidates = new Set([last + first, first + last]);
  const names = typeof verified === 'string' ? [verified] : verified;
  return names.some((name) => {
    const n = normalizeName(name);
    return n !== '' && candidates.has(n);
  });
}

/** A date as YYYY-MM-DD after NFKC (full-width digits), or null when it is not one. */
export function normalizeDate(value: string): string | null {
  const v = value.normalize('NFKC').trim();
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(v) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (!m) return null;
  return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
}

/** The same birthday, exactly (only its writing may differ: 1999/1/2 is 1999-01-02). */
export function birthdayMatches(verified: string, entered: string): boolean {
  const a = normalizeDate(verified);
  return a !== null && a === normalizeDate(entered);
}

/** A postcode's digits only (〒 150-0001, full-width or not). */
export const postcodeDigits = (value: string): string => value.normalize('NFKC').replace(/\D/g, '');

/** The address is compared through its postcode: digits only, equal, and not empty. */
export function addressMatches(verifiedPostcode: string, enteredPostcode: string): boolean {
  const a = postcodeDigits(verifiedPostcode);
  return a.length >= 6 && a === postcodeDigits(enteredPostcode);
}

export interface VerifiedPerson {
  /** One or more forms of the name (romanized, kanji). */
  names: readonly string[];
  birthday: string;
  postcode: string;
}

export interface EnteredPerson {
  lastName: string;
  firstName: string;
  birthday: string;
  postcode: string;
}

/** Per field, whether it matched; `mismatched` lists the ones that did not, in MATCHED_FIELDS order. */
export function matchIdentity(
  verified: VerifiedPerson,
  entered: EnteredPerson,
): { matched: Record<MatchedField, boolean>; mismatched: MatchedField[] } {
  const matched: Record<MatchedField, boolean> = {
    name: nameMatches(verified.names, entered),
    birthday: birthdayMatches(verified.birthday, entered.birthday),
    address: addressMatches(verified.postcode, entered.postcode),
  };
  const mismatched = (['name', 'birthday', 'address'] as const).filter((field) => !matched[field]);
  return { matched, mismatched };
}
