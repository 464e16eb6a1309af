import { describe, expect, it } from 'vitest';
import { withTax } from '../../contract/pricing';
import { addresseeRule, documentNo, refundPerRate, taxPerRate } from '../../contract/receipt-rules';

// A qualified invoice states, per tax rate, what was paid at that rate and the tax in it, the
// tax taken once per document and rate (truncated), never per line and then added.

describe('tax per rate on a receipt', () => {
  it('takes the tax out of tax-inclusive totals once, truncated', () => {
    // ¥1,078 = ¥980 + 10 %: 1078 × 10 / 110 = 98 exactly.
    expect(taxPerRate([{ amount: 1078, taxRate: 10 }])).toEqual([{ rate: 10, amount: 1078, tax: 98 }]);
    // ¥3,278 = ¥2,980 + 10 %: 298.
    expect(taxPerRate([{ amount: 3278, taxRate: 10 }])).toEqual([{ rate: 10, amount: 3278, tax: 298 }]);
    // ¥1,000: 90.90… truncated to 90.
    expect(taxPerRate([{ amount: 1000, taxRate: 10 }])[0]!.tax).toBe(90);
  });

  it('adds the lines of a rate before taxing them, so fractions are dropped once, not per line', () => {
    // Three lines of ¥105: per line 9.54… → 9, three times 27; once on ¥315: 28.63… → 28.
    const lines = [105, 105, 105].map((amount) => ({ amount, taxRate: 10 }));
    expect(taxPerRate(lines)).toEqual([{ rate: 10, amount: 315, tax: 28 }]);
  });

  it('keeps 8 % and 10 % apart, highest rate first', () => {
    const lines = [
      { amount: 1078, taxRate: 8 },
      { amount: 3278, taxRate: 10 },
      { amount: 555, taxRate: 8 },
      { amount: 199, taxRate: 10 },
    ];
    expect(taxPerRate(lines)).toEqual([
      // 3477 × 10 / 110 = 316.09… → 316.
      { rate: 10, amount: 3477, tax: 316 },
      // 1633 × 8 / 108 = 120.96… → 120 (truncation, never rounding up).
      { rate: 8, amount: 1633, tax: 120 },
    ]);
  });

  it('agrees with the price the customer paid: the tax on a receipt is the tax that was charged', () => {
    for (const exTax of [0, 1, 9, 10, 19, 109, 980, 1800, 2980, 4321]) {
      const [row] = taxPerRate([{ amount: withTax(exTax), taxRate: 10 }]);
      expect(row!.tax, String(exTax)).toBe(withTax(exTax) - exTax);
    }
  });

  it('shares a refund out over the rates so the parts add up, each taxed once', () => {
    const receipt = taxPerRate([
      { amount: 3300, taxRate: 10 },
      { amount: 1080, taxRate: 8 },
    ]);
    const parts = refundPerRate(receipt, 1000);
    expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(1000);
    expect(parts).toEqual([
      { rate: 10, amount: 753, tax: 68 },
      { rate: 8, amount: 247, tax: 18 },
    ]);
    expect(refundPerRate(taxPerRate([{ amount: 1980, taxRate: 10 }]), 500)).toEqual([
      { rate: 10, amount: 500, tax: 45 },
    ]);
    // Never more than was paid.
    expect(refundPerRate(taxPerRate([{ amount: 1980, taxRate: 10 }]), 5000)).toEqual([
      { rate: 10, amount: 1980, tax: 180 },
    ]);
  });

  it('numbers receipts and credit notes per year with six digits', () => {
    expect(documentNo('R', 2026, 123)).toBe('R-2026-000123');
    expect(documentNo('C', 2027, 7)).toBe('C-2027-000007');
  });
});

describe('the addressee rule', () => {
  const check = (v: unknown) => {
    const r = addresseeRule.safeParse(v);
    return r.success ? r.data : r.error.issues[0]!.message;
  };
  it('takes names in any script, trimmed, up to 60 characters', () => {
    expect(check('  株式会社テスト  ')).toBe('株式会社テスト');
    expect(check('王小明')).toBe('王小明');
    expect(check('ACME Corp. (Tokyo)')).toBe('ACME Corp. (Tokyo)');
    expect(check('𠮷'.repeat(60))).toBe('𠮷'.repeat(60));
  });
  it('refuses empty, too long, control, format and private-use characters', () => {
    expect(check('   ')).toBe('REQUIRED');
    expect(check('x'.repeat(61))).toBe('TOO_LONG');
    expect(check('a\u0000b')).toBe('ADDRESSEE_INVALID');
    expect(check('a\nb')).toBe('ADDRESSEE_INVALID');
    expect(check('abc\u202Efdp')).toBe('ADDRESSEE_INVALID');
    expect(check('a\u200Db')).toBe('ADDRESSEE_INVALID');
    expect(check('a\uE000b')).toBe('ADDRESSEE_INVALID');
    expect(check('a\uD800b')).toBe('ADDRESSEE_INVALID');
  });
});
