import { describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contract/calendar';
import {
  canWithdrawCancellation,
  cancellationTerms,
  monthsAfter,
  paidUntil,
  portOutValidUntil,
} from '../../contract/lifecycle-rules';

// The cancellation rule (contract/lifecycle-rules.ts), in Tokyo dates: asked by the 25th, rent
// stops after the last day's month; after the 25th, next month is owed too.

const terms = (today: string, lastDay: string) => {
  const result = cancellationTerms(today, lastDay);
  if (!result.ok) throw new Error(result.error);
  return result.terms;
};

describe('cancellationTerms', () => {
  it.each([
    // today, last day, rule, billed through
    ['2026-11-25', '2026-11-30', 'by_cutoff', '2026-11'],
    ['2026-11-26', '2026-11-30', 'after_cutoff', '2026-12'],
    ['2026-11-01', '2026-11-01', 'by_cutoff', '2026-11'],
    ['2026-11-30', '2026-11-30', 'after_cutoff', '2026-12'],
    ['2026-11-25', '2027-01-15', 'by_cutoff', '2027-01'],
    ['2026-11-26', '2027-01-15', 'after_cutoff', '2027-01'],
    ['2026-12-25', '2026-12-31', 'by_cutoff', '2026-12'],
    ['2026-12-26', '2026-12-31', 'after_cutoff', '2027-01'],
    ['2026-12-31', '2027-01-01', 'after_cutoff', '2027-01'],
    ['2027-02-25', '2027-02-28', 'by_cutoff', '2027-02'],
    ['2027-02-26', '2027-02-28', 'after_cutoff', '2027-03'],
    ['2028-02-29', '2028-03-01', 'after_cutoff', '2028-03'],
  ])('asked on %s for a last day %s: %s, rent through %s', (today, lastDay, rule, through) => {
    expect(terms(today, lastDay)).toEqual({ lastDay, rule, billedThrough: through });
  });

  it('reads the Tokyo date of the instant: 14:59Z on the 25th is still the 25th, 15:00Z the 26th', () => {
    expect(terms(tokyoDate(new Date('2026-11-25T14:59:59Z')), '2026-11-30').rule).toBe('by_cutoff');
    expect(terms(tokyoDate(new Date('2026-11-25T15:00:00Z')), '2026-11-30').rule).toBe('after_cutoff');
    // New Year in Tokyo comes at 15:00Z on 31 December.
    expect(terms(tokyoDate(new Date('2026-12-31T15:00:00Z')), '2027-01-05').billedThrough).toBe('2027-01');
  });

  it('refuses a last day in the past or more than 92 days ahead', () => {
    expect(cancellationTerms('2026-11-25', '2026-11-24')).toEqual({ ok: false, error: 'CANCEL_DATE_INVALID' });
    expect(cancellationTerms('2026-11-25', '2027-02-25').ok).toBe(true);
    expect(cancellationTerms('2026-11-25', '2027-02-26')).toEqual({ ok: false, error: 'CANCEL_DATE_INVALID' });
  });

  it('may be withdrawn until and on the last day', () => {
    expect(canWithdrawCancellation('2026-11-30', '2026-11-30')).toBe(true);
    expect(canWithdrawCancellation('2026-12-01', '2026-11-30')).toBe(false);
  });
});

describe('monthsAfter and paidUntil', () => {
  it('lists the months not yet billed, across the year', () => {
    expect(monthsAfter('2026-11', '2026-11')).toEqual([]);
    expect(monthsAfter('2026-11', '2026-12')).toEqual(['2026-12']);
    expect(monthsAfter('2026-11', '2027-02')).toEqual(['2026-12', '2027-01', '2027-02']);
    expect(monthsAfter('2026-12', '2026-11')).toEqual([]);
  });

  it('says the last day a month covers, February included', () => {
    expect(paidUntil('2026-11')).toBe('2026-11-30');
    expect(paidUntil('2027-02')).toBe('2027-02-28');
    expect(paidUntil('2028-02')).toBe('2028-02-29');
    expect(paidUntil('2026-12')).toBe('2026-12-31');
  });

  it('an MNP reservation number is valid 15 days counting the day it is issued', () => {
    expect(portOutValidUntil('2026-11-20')).toBe('2026-12-04');
  });
});
