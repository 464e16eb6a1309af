import { describe, expect, it } from 'vitest';
import { taxOf, withTax } from '../../contract/pricing';

describe('consumption tax', () => {
  it('adds 10 % to integer yen', () => {
    expect(withTax(1800)).toBe(1980);
    expect(withTax(0)).toBe(0);
    expect(taxOf(2800)).toBe(280);
  });

  it('drops fractions of a yen', () => {
    expect(withTax(999)).toBe(1098);
    expect(withTax(1)).toBe(1);
  });

  it('refuses amounts that are not whole non-negative yen', () => {
    expect(() => withTax(-1)).toThrow(RangeError);
    expect(() => withTax(10.5)).toThrow(RangeError);
  });
});
