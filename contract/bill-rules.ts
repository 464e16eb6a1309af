// Which monthly bill is paid first, and how a bill's month is written: one place for the
// app, the server's refusal message and the notifications, so they never disagree.

/** `2026-12` → `{ year: '2026', month: '12' }`, `2026-01` → month `'1'`: "2026年1月", as Chinese and Japanese write it. */
export function billMonthParams(month: string): { year: string; month: string } {
  const [year = '', mm = ''] = month.split('-');
  return { year, month: String(Number(mm)) };
}

interface BillLike {
  month: string;
  status: string;
}

/**
 * The unpaid bills, oldest first: an overdue month is paid before a newer one, so paying
 * never leaves an older bill overdue behind it (the server refuses the newer one too).
 */
export function unpaidOldestFirst<B extends BillLike>(bills: readonly B[]): B[] {
  return bills.filter((b) => b.status === 'unpaid').sort((a, b) => a.month.localeCompare(b.month));
}
