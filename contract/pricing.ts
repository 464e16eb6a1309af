// Money is integer yen everywhere; the 10 % consumption tax is added here and only here.

export const TAX_RATE_PERCENT = 10;

/** Tax-inclusive price; fractions of a yen are dropped, as Japanese retail receipts do. */
export function withTax(yenExcludingTax: number): number {
  if (!Number.isInteger(yenExcludingTax) || yenExcludingTax < 0) {
    throw new RangeError(`price must be a non-negative integer of yen, got ${yenExcludingTax}`);
  }
  return Math.floor((yenExcludingTax * (100 + TAX_RATE_PERCENT)) / 100);
}

export function taxOf(yenExcludingTax: number): number {
  return withTax(yenExcludingTax) - yenExcludingTax;
}
