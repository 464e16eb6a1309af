import holidayJp from '@holiday-jp/holiday_jp';
import { addDays } from './calendar';

// Working days: Monday to Friday, Japanese public holidays excluded. The holiday table is
// large, so it lives apart from the plain calendar helpers the app's forms use.

export function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}

export function isPublicHoliday(date: string): boolean {
  return date in (holidayJp.holidays as Record<string, unknown>);
}

export function isWorkingDay(date: string): boolean {
  return !isWeekend(date) && !isPublicHoliday(date);
}

/** The date `n` working days after `date` (weekends and Japanese public holidays skipped). */
export function addWorkingDays(date: string, n: number): string {
  let current = date;
  let left = n;
  while (left > 0) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/** Working days strictly after `from` up to and including `to`. */
export function workingDaysBetween(from: string, to: string): number {
  let count = 0;
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (isWorkingDay(d)) count += 1;
  return count;
}

export const DISPATCH_WORKING_DAYS = 3;
