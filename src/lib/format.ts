/** 1980 -> "1,980", the same grouping in Chinese and Japanese. */
export function formatYen(amount: number): string {
  return amount.toLocaleString('ja-JP');
}
