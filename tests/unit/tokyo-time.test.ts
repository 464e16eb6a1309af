import { describe, expect, it } from 'vitest';
import { langTag } from '../../contract/api';
import { tokyoDateTime } from '../../src/lib/tokyo-time';

describe('a moment as Tokyo’s date and time, without ICU', () => {
  const intl = (iso: string, lang: 'cn' | 'ja') =>
    new Intl.DateTimeFormat(langTag(lang), { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  it('reads as Intl writes it, in both languages', () => {
    expect(tokyoDateTime('2026-01-04T15:05:00.000Z', 'cn')).toBe('2026年1月5日 00:05');
    expect(tokyoDateTime('2026-01-04T15:05:00.000Z', 'ja')).toBe('2026/01/05 0:05');
    // Every hour of a day, across a year's end and a leap day, and odd minutes.
    const moments = [
      ...Array.from({ length: 24 }, (_, h) => `2025-12-31T${String(h).padStart(2, '0')}:07:00.000Z`),
      '2028-02-28T15:00:00.000Z',
      '2028-02-29T14:59:59.999Z',
      '2026-11-27T01:53:30.000Z',
      '2026-06-30T15:00:00Z',
    ];
    for (const iso of moments)
      for (const lang of ['cn', 'ja'] as const)
        expect(tokyoDateTime(iso, lang), `${iso} ${lang}`).toBe(intl(iso, lang));
  });
});
