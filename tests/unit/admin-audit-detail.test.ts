import { describe, expect, it } from 'vitest';
import { auditDetail } from '../../src/admin/audit-detail';
import { consoleLanguage } from './helpers/admin-language';

// Issue 27's walk: the audit page's detail column was the stored JSON ({"from":"under_review",
// "note":"approved"}, {"kind":"residence_back"}). It reads as labelled words; the CSV keeps JSON.

const DETAILS = [
  { from: 'under_review', note: 'approved', approvedAt: '2026-11-25T01:00:00.000Z' },
  { orderNo: 'SM20261125000001', kind: 'residence_back' },
  { refundNo: 'R1', amount: 1980, paid: 3080, reason: 'duplicate', paymentNo: 'P1', was: 'failed', attempts: 5 },
  { role: 'finance' },
  { from: 'paid', note: 'passport: blurry', rejections: [{ document: 'passport', reason: 'blurry', note: '' }] },
];

describe('an audit row in the console', () => {
  for (const lang of ['cn', 'ja'] as const) {
    it(`labels each part and says codes in words (${lang})`, () => {
      const language = consoleLanguage();
      language.setLang(lang);
      const t = language.i18n.getFixedT(lang);
      for (const detail of DETAILS) {
        const text = auditDetail(t, JSON.stringify(detail), lang);
        expect(text).not.toMatch(/[{}"]/);
        expect(text).not.toMatch(
          /\b(under_review|approved|residence_back|passport|blurry|finance|failed|paid|orderNo|kind|duplicate)\b/,
        );
        expect(text).not.toContain('{{');
      }
      expect(auditDetail(t, JSON.stringify({ amount: 1980 }), lang)).toContain('¥1,980');
      // Stored in UTC, read in Tokyo time: 01:00 UTC is 10:00 in Tokyo.
      expect(auditDetail(t, JSON.stringify({ approvedAt: '2026-11-25T01:00:00.000Z' }), lang)).toContain('10:00');
    });
  }

  it('shows what it cannot read as it is', () => {
    const t = consoleLanguage().i18n.getFixedT('cn');
    expect(auditDetail(t, 'not json', 'cn')).toBe('not json');
    expect(auditDetail(t, '{}', 'cn')).toBe('');
  });
});
