import { describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import {
  formatPhone,
  daysUntil,
  isThrottled,
  nextUsageReset,
  normalizeMobile,
  planChangeEffectiveDate,
  usagePercent,
} from '../../contract/line-rules';

describe('plan change date: the 25th of the next month, Tokyo time', () => {
  it("is next month's 25th, across December, and on the 25th itself", () => {
    expect(planChangeEffectiveDate('2026-11-23')).toBe('2026-12-25');
    expect(planChangeEffectiveDate('2026-12-03')).toBe('2027-01-25');
    expect(planChangeEffectiveDate('2026-12-25')).toBe('2027-01-25');
    expect(planChangeEffectiveDate('2027-01-31')).toBe('2027-02-25');
  });

  it("uses the Tokyo date, not the phone's (this test runs in Los Angeles time)", () => {
    // Nov 30 20:00 in Los Angeles is already Dec 1 in Tokyo.
    const instant = new Date('2026-12-01T04:00:00Z');
    expect(instant.getDate()).toBe(30);
    expect(planChangeEffectiveDate(tokyoDate(instant))).toBe('2027-01-25');
  });
});

describe('data usage', () => {
  it('counts whole percent of the quota and caps at 100', () => {
    expect(usagePercent(0, 20)).toBe(0);
    expect(usagePercent(10 * 1024, 20)).toBe(50);
    expect(usagePercent(20 * 1024 - 1, 20)).toBe(99);
    expect(usagePercent(25 * 1024, 20)).toBe(100);
    expect(isThrottled(20 * 1024, 20)).toBe(true);
    expect(isThrottled(20 * 1024 - 1, 20)).toBe(false);
  });

  it('resets on the 1st: days remaining', () => {
    expect(nextUsageReset('2026-11-23')).toBe('2026-12-01');
    expect(daysUntil('2026-11-23', '2026-12-01')).toBe(8);
    expect(nextUsageReset('2026-12-31')).toBe('2027-01-01');
    expect(daysUntil('2026-12-31', '2027-01-01')).toBe(1);
  });
});

describe('mobile numbers for binding', () => {
  it('takes Japanese and Chinese mobiles in E.164', () => {
    expect(normalizeMobile('81', '090-1234-5678')).toBe('+819012345678');
    expect(normalizeMobile('81', '+81 80 1234 5678')).toBe('+818012345678');
    expect(normalizeMobile('86', '138 1234 5678')).toBe('+8613812345678');
    expect(normalizeMobile('81', '03-1234-5678')).toBeNull();
    expect(normalizeMobile('86', '12812345678')).toBeNull();
    expect(normalizeMobile('1', '2025550100')).toBeNull();
  });
});

describe('phone numbers on screen', () => {
  it.each([
    ['+817012345678', '070-1234-5678'],
    ['07012345678', '070-1234-5678'],
    ['+819098765432', '090-9876-5432'],
    ['+8613800138000', '+86 138 0013 8000'],
    ['+4915112345678', '+4915112345678'],
  ])('%s reads %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
  });
});
