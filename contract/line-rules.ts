import { addMonths } from './calendar';

// Rules of the customer's line (docs/requirements.md#prices-and-dates), in Tokyo dates.

/** A plan change takes effect on the 25th of the month after it is asked for, even on the 25th itself. */
export function planChangeEffectiveDate(tokyoToday: string): string {
  return `${addMonths(`${tokyoToday.slice(0, 7)}-01`, 1).slice(0, 7)}-25`;
}

/** The data count starts again on the 1st of each month. */
export function nextUsageReset(tokyoToday: string): string {
  return `${addMonths(`${tokyoToday.slice(0, 7)}-01`, 1)}`;
}

export function daysUntil(tokyoToday: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${tokyoToday}T00:00:00Z`)) / 86_400_000);
}

/** Share of the high-speed quota used, 0-100, whole percent; more than the quota still shows 100. */
export function usagePercent(usedMb: number, quotaGb: number): number {
  if (quotaGb <= 0) return 100;
  return Math.min(100, Math.floor((usedMb / (quotaGb * 1024)) * 100));
}

export function isThrottled(usedMb: number, quotaGb: number): boolean {
  return usedMb >= quotaGb * 1024;
}

/** Japanese (+81) or Chinese mainland (+86) mobile numbers, stored as E.164. */
export function normalizeMobile(country: string, number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  if (country === '81') {
    const local = digits.replace(/^(\+81|0)/, '');
    return /^[789]0\d{8}$/.test(local) ? `+81${local}` : null;
  }
  if (country === '86') {
    const local = digits.replace(/^\+86/, '');
    return /^1[3-9]\d{9}$/.test(local) ? `+86${local}` : null;
  }
  return null;
}

/**
 * A phone number as people in its country write it: Japanese numbers the domestic way
 * (070-1234-5678), Chinese mainland ones in international groups (+86 138 0013 8000).
 * Anything else is shown as it was stored.
 */
export function formatPhone(stored: string): string {
  const digits = stored.replace(/[\s-]/g, '');
  const japan = /^(?:\+81|0)([789]0)(\d{4})(\d{4})$/.exec(digits);
  if (japan) return `0${japan[1]}-${japan[2]}-${japan[3]}`;
  const china = /^\+86(1\d{2})(\d{4})(\d{4})$/.exec(digits);
  if (china) return `+86 ${china[1]} ${china[2]} ${china[3]}`;
  return stored;
}
