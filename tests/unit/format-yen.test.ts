import { describe, expect, it } from 'vitest';
import { formatYen } from '../../src/lib/format';

describe('formatYen', () => {
  it('groups yen by thousands as a Japanese price tag does', () => {
    expect(formatYen(0)).toBe('0');
    expect(formatYen(980)).toBe('980');
    expect(formatYen(1980)).toBe('1,980');
    expect(formatYen(123456789)).toBe('123,456,789');
    expect(formatYen(-2500)).toBe('-2,500');
  });

  it('writes any other amount as the Japanese locale does', () => {
    for (const amount of [12.5, 1234.5678, -0.25, -0, 1e21])
      expect(formatYen(amount)).toBe(amount.toLocaleString('ja-JP'));
  });
});
