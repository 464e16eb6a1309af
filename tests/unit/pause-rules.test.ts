import { describe, expect, it } from 'vitest';
import {
  checkPause,
  PAUSE_MAX_MONTHS,
  pauseCoversMonth,
  pauseResumeOptions,
  pauseStartOptions,
} from '../../contract/lifecycle-rules';

// Pause rules (issue 31): a pause starts on the 1st of one of the next three months and the
// line runs again on a 1st, one to twelve months later; Tokyo dates throughout.
describe('pause rules', () => {
  it.each([
    ['2026-11-26', ['2026-12-01', '2027-01-01', '2027-02-01']],
    ['2026-12-31', ['2027-01-01', '2027-02-01', '2027-03-01']],
    ['2026-12-01', ['2027-01-01', '2027-02-01', '2027-03-01']],
    ['2027-01-31', ['2027-02-01', '2027-03-01', '2027-04-01']],
    ['2028-02-29', ['2028-03-01', '2028-04-01', '2028-05-01']],
  ])('on %s a pause may start on %j', (today, starts) => {
    expect(pauseStartOptions(today)).toEqual(starts);
  });

  it('resumes at most twelve months after the start, across the year end', () => {
    const options = pauseResumeOptions('2026-12-01');
    expect(options).toHaveLength(PAUSE_MAX_MONTHS);
    expect(options[0]).toBe('2027-01-01');
    expect(options.at(-1)).toBe('2027-12-01');
  });

  it('books the longest pause without an end, and refuses a start or an end off the options', () => {
    expect(checkPause('2026-11-26', '2026-12-01', null)).toEqual({
      ok: true,
      start: '2026-12-01',
      resumeOn: '2027-12-01',
    });
    expect(checkPause('2026-11-26', '2026-12-01', '2027-01-01')).toMatchObject({ ok: true, resumeOn: '2027-01-01' });
    expect(checkPause('2026-11-26', '2026-11-01', null)).toEqual({ ok: false, error: 'PAUSE_START_INVALID' });
    expect(checkPause('2026-11-26', '2026-12-15', null)).toEqual({ ok: false, error: 'PAUSE_START_INVALID' });
    expect(checkPause('2026-11-26', '2027-03-01', null)).toEqual({ ok: false, error: 'PAUSE_START_INVALID' });
    expect(checkPause('2026-11-26', '2026-12-01', '2026-12-01')).toEqual({ ok: false, error: 'PAUSE_END_INVALID' });
    expect(checkPause('2026-11-26', '2026-12-01', '2028-01-01')).toEqual({ ok: false, error: 'PAUSE_END_INVALID' });
    expect(checkPause('2026-11-26', '2026-12-01', '2027-01-15')).toEqual({ ok: false, error: 'PAUSE_END_INVALID' });
  });

  it('covers the months from its start up to (not including) the month it resumes', () => {
    const pause = { startOn: '2026-12-01', resumeOn: '2027-02-01' };
    expect(pauseCoversMonth(pause, '2026-11')).toBe(false);
    expect(pauseCoversMonth(pause, '2026-12')).toBe(true);
    expect(pauseCoversMonth(pause, '2027-01')).toBe(true);
    expect(pauseCoversMonth(pause, '2027-02')).toBe(false);
    // Resumed early on the 15th: the month it began in is still a paused month.
    expect(pauseCoversMonth({ startOn: '2026-12-01', resumeOn: '2026-12-15' }, '2026-12')).toBe(true);
  });
});
