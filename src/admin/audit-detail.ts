import type { TFunction } from 'i18next';
import type { Lang } from '../../contract/api';
import { formatTime, yen } from './format';
import { historyNote } from './history-note';

/** Where a word a record holds (a status, a document, a role, a reason) is said in words. */
const VALUE_WORDS = [
  'order.status',
  'order.document',
  'admin.roles',
  'admin.reasons',
  'admin.refundStatus',
  'admin.refundReason',
  'admin.paymentStatus',
  'admin.carriers',
];
const MONEY = new Set(['amount', 'paid']);

/**
 * An audit row's detail (JSON, as stored and exported) as staff read it: each part labelled in
 * the console's language and the codes in it said in words. The CSV export keeps the JSON.
 */
export function auditDetail(t: TFunction, json: string, lang: Lang): string {
  let detail: unknown;
  try {
    detail = JSON.parse(json);
  } catch {
    return json;
  }
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return json;
  return Object.entries(detail)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(
      ([key, value]) =>
        `${t(`admin.audit.detailKeys.${key}`, { defaultValue: key })}：${valueText(t, key, value, lang)}`,
    )
    .join('；');
}

function valueText(t: TFunction, key: string, value: unknown, lang: Lang): string {
  if (MONEY.has(key) && typeof value === 'number') return yen(value);
  // Times are stored in UTC and shown in Tokyo time, as everywhere in the console.
  if (key.endsWith('At') && typeof value === 'string') return formatTime(value, lang);
  if (key === 'note' && typeof value === 'string') return historyNote(t, value);
  if (typeof value === 'string') return wordOf(t, value);
  if (Array.isArray(value)) return value.map((item) => itemText(t, item)).join('、');
  if (typeof value === 'object' && value !== null) return auditDetail(t, JSON.stringify(value), lang);
  return String(value);
}

/** A refused document ({ document, reason, note }) or any other listed value. */
function itemText(t: TFunction, item: unknown): string {
  if (typeof item === 'object' && item !== null && 'document' in item) {
    const { document, reason, note } = item as { document: string; reason?: string; note?: string };
    const what = `${wordOf(t, document)}：${reason ? wordOf(t, reason) : ''}`;
    return note ? `${what}（${note}）` : what;
  }
  return typeof item === 'string' ? wordOf(t, item) : JSON.stringify(item);
}

function wordOf(t: TFunction, value: string): string {
  if (!/^[a-z][a-z_]*$/.test(value)) return value;
  for (const prefix of VALUE_WORDS) {
    const key = `${prefix}.${value}`;
    const text = t(key, { defaultValue: '' });
    if (text && text !== key) return text;
  }
  return value;
}
