import type { TFunction } from 'i18next';
import { langTag, type Lang } from '../../contract/api';
import { AUTOMATIC_REFUND_REASONS } from '../../contract/console-values';

/** Times are stored in UTC and shown in Tokyo time, as staff work in Japan. */
export function formatTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(langTag(lang), {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(date);
}

export function formatDay(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(langTag(lang), {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

export const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}`;

/** The Tokyo month now, YYYY-MM. */
export function tokyoMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit' }).format(now);
}

/**
 * Data as staff read it on a customer's plan: gigabytes (1024 MB) with one decimal,
 * "15.4 GB". The usage import asks for more digits, where a day's megabytes are small.
 */
export function formatGb(megabytes: number, digits = 1): string {
  return `${(megabytes / 1024).toFixed(digits)} GB`;
}

/** YYYY-MM as its parts, for a month written in words (admin.monthValue: 2026年12月). */
export function monthParts(month: string): { year: string; month: string } {
  const [year = month, part = ''] = month.split('-');
  return { year, month: part.replace(/^0/, '') };
}

/**
 * What a payment paid, from the server's "order SM..." / "bill B...": the kind and its number,
 * so the console says it in words (admin.target.order / admin.target.bill).
 */
export function targetParts(target: string): { kind: 'order' | 'bill'; no: string } | null {
  const match = /^(order|bill) (.+)$/.exec(target);
  return match ? { kind: match[1] as 'order' | 'bill', no: match[2]! } : null;
}

/** A payment's target in words ("订单 SM..."); a target of another shape is shown as it came. */
export function targetText(t: TFunction, target: string): string {
  const parts = targetParts(target);
  return parts ? t(`admin.target.${parts.kind}`, { no: parts.no }) : target;
}

export const monthText = (t: TFunction, month: string): string => t('admin.monthValue', monthParts(month));

/** "微信支付（扫码支付）": the method and, when given, how it was paid. */
export function payWay(t: TFunction, method: string, scene?: string): string {
  const name = t(`admin.payMethod.${method}`, { defaultValue: method });
  return scene
    ? t('admin.payWay', { method: name, scene: t(`admin.payScene.${scene}`, { defaultValue: scene }) })
    : name;
}

/** An automatic refund's reason in words; staff's own words as they wrote them (never taken for a key). */
export function refundReasonText(t: TFunction, reason: string): string {
  return (AUTOMATIC_REFUND_REASONS as readonly string[]).includes(reason) ? t(`admin.refundReason.${reason}`) : reason;
}
