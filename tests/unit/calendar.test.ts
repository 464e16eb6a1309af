import { describe, expect, it } from 'vitest';
import { addMonths, isIsoDate, isProofDateValid, tokyoDate } from '../../contract/calendar';
import { addWorkingDays, isWorkingDay, workingDaysBetween } from '../../contract/working-days';

describe('Tokyo calendar dates', () => {
  it('reads the date in Tokyo, not on the phone', () => {
    // 23:30 UTC on Nov 22 is already Nov 23 in Tokyo (and still Nov 22 in Los Angeles).
    expect(tokyoDate(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(tokyoDate(new Date('2026-11-22T14:59:00Z'))).toBe('2026-11-22');
  });

  it('adds months, clamping to the end of shorter months', () => {
    expect(addMonths('2026-11-30', -3)).toBe('2026-08-30');
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2028-05-31', -3)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', -3)).toBe('2025-10-15');
    expect(addMonths('2026-12-25', 1)).toBe('2027-01-25');
  });

  it('knows a real date from a look-alike', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
  });
});

describe('address proof dated within 3 months', () => {
  const today = '2026-11-23';
  it('accepts today and exactly 3 months ago', () => {
    expect(isProofDateValid('2026-11-23', today)).toBe(true);
    expect(isProofDateValid('2026-08-23', today)).toBe(true);
  });
  it('refuses older, future and malformed dates', () => {
    expect(isProofDateValid('2026-08-22', today)).toBe(false);
    expect(isProofDateValid('2026-11-24', today)).toBe(false);
    expect(isProofDateValid('2026/10/01', today)).toBe(false);
  });
});

describe('working days in Japan', () => {
  it('skips weekends and public holidays', () => {
    expect(isWorkingDay('2026-11-23')).toBe(false); // Labour Thanksgiving Day, a Monday
    expect(isWorkingDay('2026-11-24')).toBe(true);
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
  });

  it('counts across Golden Week', () => {
    // Approved Thursday 2027-04-29 (Showa Day): Apr 30 Fri, May 6 Thu, May 7 Fri.
    expect(addWorkingDays('2027-04-29', 3)).toBe('2027-05-07');
    expect(addWorkingDays('2027-04-30', 3)).toBe('2027-05-10');
    expect(workingDaysBetween('2027-04-28', '2027-05-07')).toBe(3);
  });

  it('counts across New Year', () => {
    // Jan 1 is a holiday and Jan 11 2027 is Coming of Age Day.
    expect(addWorkingDays('2026-12-30', 3)).toBe('2027-01-05');
    expect(addWorkingDays('2027-01-07', 3)).toBe('2027-01-13');
  });
});
