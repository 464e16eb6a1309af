import { describe, expect, it } from 'vitest';
import { billMonthParams, unpaidOldestFirst } from '../../contract/bill-rules';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';

describe('which bill is paid first', () => {
  it('lists only unpaid bills, the overdue November before December', () => {
    const bills = [
      { billNo: 'B202612', month: '2026-12', status: 'unpaid' },
      { billNo: 'B202610', month: '2026-10', status: 'paid' },
      { billNo: 'B202611', month: '2026-11', status: 'unpaid' },
    ];
    expect(unpaidOldestFirst(bills).map((b) => b.billNo)).toEqual(['B202611', 'B202612']);
  });
});

describe("a bill's month as people write it", () => {
  const fill = (text: string, params: Record<string, string>) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');
  it.each([
    ['2026-12', '2026年12月账单', '2026年12月分のご請求'],
    ['2027-01', '2027年1月账单', '2027年1月分のご請求'],
  ])('%s reads %s / %s', (month, inCn, inJa) => {
    expect(fill(cn.line.billOf, billMonthParams(month))).toBe(inCn);
    expect(fill(ja.line.billOf, billMonthParams(month))).toBe(inJa);
  });
});
