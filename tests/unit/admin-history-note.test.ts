import { describe, expect, it } from 'vitest';
import { actorName, historyNote } from '../../src/admin/history-note';
import { consoleLanguage } from './helpers/admin-language';

// Issue 27's walk: an order's history read "approved", "japanpost tracking JP…", "line
// 07012345678" and "residence_back: blurry (…)", the server's own records in English. The
// console says them in its language; a note staff typed stays as typed.

const SERVER_NOTES = [
  'approved',
  'ready for pickup',
  'resubmitted',
  'payment deadline passed',
  'documents queued for review',
  'documents refused',
  'japanpost tracking JP123456789',
  'tracking AB-1234567',
  'line 07012345678',
  'esim profile 0019',
  'P20261125123456123456',
  'passport: glare_or_cropped (护照照片反光); residence_back: blurry',
];

describe("an order event's note in the console", () => {
  for (const lang of ['cn', 'ja'] as const) {
    it(`says the server's own records in words (${lang})`, () => {
      const language = consoleLanguage();
      language.setLang(lang);
      const t = language.i18n.getFixedT(lang);
      for (const note of SERVER_NOTES) {
        const text = historyNote(t, note);
        expect(text, note).not.toMatch(
          /\b(approved|tracking|line|pickup|queued|refused|passport|residence_back|blurry|glare_or_cropped|japanpost|esim profile)\b/,
        );
        expect(text, note).not.toMatch(/\{\{|admin\.|order\./);
      }
      expect(historyNote(t, 'line 07012345678')).toContain('070-1234-5678');
      expect(historyNote(t, 'esim profile 0019')).toContain('0019');
      expect(historyNote(t, 'japanpost tracking JP123456789')).toContain('JP123456789');
      expect(historyNote(t, 'passport: glare_or_cropped (护照照片反光); residence_back: blurry')).toContain(
        '护照照片反光',
      );
    });
  }

  it('keeps what staff typed', () => {
    const t = consoleLanguage().i18n.getFixedT('cn');
    expect(historyNote(t, '护照照片模糊，请重新上传')).toBe('护照照片模糊，请重新上传');
  });

  it('names who did it in words', () => {
    const t = consoleLanguage().i18n.getFixedT('cn');
    expect(actorName(t, 'system')).toBe('系统');
    expect(actorName(t, 'scheduler')).toBe('定时任务');
    expect(actorName(t, 'customer:12')).toBe('客户（账号 12）');
    expect(actorName(t, 'staff:rev1')).toBe('rev1');
  });
});
