// Calendar dates are 'YYYY-MM-DD' strings in Tokyo; instants are Dates (UTC). Japan keeps
// UTC+9 all year, so a fixed offset turns one into the other exactly.

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function tokyoDate(at: Date): string {
  return new Date(at.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

/** Today's date in Tokyo, whatever the phone's or the server's own zone. */
export function todayInTokyo(now: Date = new Date()): string {
  return tokyoDate(now);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Same day `months` later or earlier, clamped to the month's end (Nov 30 - 3 months = Aug 30; May 31 - 3 = Feb 28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export const PROOF_VALID_MONTHS = 3;

/** An address proof counts when dated within the last 3 months and not in the future. */
export function isProofDateValid(proofDate: string, today: string): boolean {
  return isIsoDate(proofDate) && proofDate <= today && proofDate >= addMonths(today, -PROOF_VALID_MONTHS);
}
