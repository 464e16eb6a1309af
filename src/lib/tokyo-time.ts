import type { Lang } from '../../contract/api';

// Tokyo keeps no daylight saving time: its clock is UTC+9 all year.
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as Tokyo's date and time, written as Intl.DateTimeFormat writes it with
 * dateStyle 'medium' and timeStyle 'short': "2026年1月5日 00:05" in Chinese, "2026/01/05 0:05"
 * in Japanese. By hand, as formatYen is: a page's first ICU date formatter costs a slow phone
 * some 60 ms, which made the line page's longest task once its history arrived.
 * tests/unit/tokyo-time.test.ts holds it to Intl's output.
 */
export function tokyoDateTime(iso: string, lang: Lang): string {
  const at = new Date(Date.parse(iso) + TOKYO_OFFSET_MS);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + 1;
  const day = at.getUTCDate();
  const time = `${at.getUTCHours()}:${two(at.getUTCMinutes())}`;
  return lang === 'ja'
    ? `${year}/${two(month)}/${two(day)} ${time}`
    : `${year}年${month}月${day}日 ${time.padStart(5, '0')}`;
}
