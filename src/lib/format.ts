// toLocaleString('ja-JP') builds a new ICU number formatter on every call: on a slow phone the
// home page's prices cost tens of milliseconds while hydrating. Whole yen (every price) need
// only the grouping commas; anything else goes through one formatter, built once.
let formatter: Intl.NumberFormat | null = null;

/** 1980 -> "1,980", the same grouping in Chinese and Japanese. */
export function formatYen(amount: number): string {
  if (Number.isSafeInteger(amount) && !Object.is(amount, -0)) return String(amount).replace(/\B(?=(\d{3})+$)/g, ',');
  formatter ??= new Intl.NumberFormat('ja-JP');
  return formatter.format(amount);
}
