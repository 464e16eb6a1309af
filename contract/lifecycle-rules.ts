import { addDays, addMonths } from './calendar';

// Rules of a line's life after activation (docs/lifecycle.md), in Tokyo dates (YYYY-MM-DD).
// One place, unit tested around the 25th and month ends.

const firstOf = (date: string) => `${date.slice(0, 7)}-01`;
const lastDayOf = (month: string) => addDays(addMonths(`${month}-01`, 1), -1);

// ---- Pause (keep the number) ----

/** A pause runs from the 1st of a coming month, for at least one month and at most twelve. */
export const PAUSE_MAX_MONTHS = 12;
/** How far ahead a pause may be booked: its first month is one of the next three. */
export const PAUSE_BOOK_AHEAD_MONTHS = 3;

/** The 1sts a pause booked today may start on (next month first). */
export function pauseStartOptions(tokyoToday: string): string[] {
  return Array.from({ length: PAUSE_BOOK_AHEAD_MONTHS }, (_, i) => addMonths(firstOf(tokyoToday), i + 1));
}

/** The 1sts a pause starting on `start` may end on (the line runs again that day), nearest first. */
export function pauseResumeOptions(start: string): string[] {
  return Array.from({ length: PAUSE_MAX_MONTHS }, (_, i) => addMonths(start, i + 1));
}

/**
 * A pause the customer asks for: null when it may be booked, else the error key. Without an end,
 * it resumes after the longest pause allowed (the carrier keeps a number no longer than that).
 */
export function checkPause(
  tokyoToday: string,
  start: string,
  resumeOn: string | null,
): { ok: true; start: string; resumeOn: string } | { ok: false; error: 'PAUSE_START_INVALID' | 'PAUSE_END_INVALID' } {
  if (!pauseStartOptions(tokyoToday).includes(start)) return { ok: false, error: 'PAUSE_START_INVALID' };
  const options = pauseResumeOptions(start);
  const end = resumeOn ?? options[options.length - 1]!;
  if (!options.includes(end)) return { ok: false, error: 'PAUSE_END_INVALID' };
  return { ok: true, start, resumeOn: end };
}

/** The month's fee for keeping a paused line's number, yen before tax (KEEP_NUMBER_FEE overrides it). */
export const KEEP_NUMBER_FEE_DEFAULT = 300;

/** Whether a pause [start, resumeOn) covers the month's 1st: that month is billed the keep-number fee. */
export const pauseCoversMonth = (pause: { startOn: string; resumeOn: string }, month: string): boolean =>
  pause.startOn <= `${month}-01` && `${month}-01` < pause.resumeOn;

// ---- Cancellation (leaving Japan) ----

/** The day of the month by which a cancellation must be asked for to stop paying after this month. */
export const CANCEL_CUTOFF_DAY = 25;
/** How far ahead a last day may be chosen. */
export const CANCEL_MAX_DAYS_AHEAD = 92;

export interface CancellationTerms {
  /** The line's last day: it works until the end of it and ends the next morning (the customer's departure date). */
  lastDay: string;
  /** Rent is owed for every month up to and including this one (YYYY-MM). */
  billedThrough: string;
  /** Which side of the cut-off the request fell on (the words shown before confirming). */
  rule: 'by_cutoff' | 'after_cutoff';
}

/**
 * The rule stated before a customer confirms: rent is paid by the month. Asked for by the 25th
 * (inclusive, Tokyo time), the last month paid is the month of the last day; asked for after
 * the 25th, the carrier's cut-off has passed and next month is owed too, even if the last day
 * comes sooner. The last day is today at the earliest and at most 92 days ahead.
 */
export function cancellationTerms(
  tokyoToday: string,
  lastDay: string,
): { ok: true; terms: CancellationTerms } | { ok: false; error: 'CANCEL_DATE_INVALID' } {
  if (lastDay < tokyoToday || lastDay > addDays(tokyoToday, CANCEL_MAX_DAYS_AHEAD))
    return { ok: false, error: 'CANCEL_DATE_INVALID' };
  const byCutoff = Number(tokyoToday.slice(8, 10)) <= CANCEL_CUTOFF_DAY;
  const noticeMonth = (byCutoff ? tokyoToday : addMonths(firstOf(tokyoToday), 1)).slice(0, 7);
  const lastMonth = lastDay.slice(0, 7);
  return {
    ok: true,
    terms: {
      lastDay,
      billedThrough: lastMonth > noticeMonth ? lastMonth : noticeMonth,
      rule: byCutoff ? 'by_cutoff' : 'after_cutoff',
    },
  };
}

/** The months after `lastBilled` (YYYY-MM) up to `through`, in order: rent not yet on any bill. */
export function monthsAfter(lastBilled: string, through: string): string[] {
  const months: string[] = [];
  for (let m = addMonths(`${lastBilled}-01`, 1).slice(0, 7); m <= through; m = addMonths(`${m}-01`, 1).slice(0, 7))
    months.push(m);
  return months;
}

/** The last day a month's rent covers, for the words "paid until". */
export const paidUntil = (month: string): string => lastDayOf(month);

/** A cancellation may be withdrawn until (and on) its last day. */
export const canWithdrawCancellation = (tokyoToday: string, lastDay: string): boolean => tokyoToday <= lastDay;

// ---- Port-out (MNP) ----

/** An MNP reservation number is valid for 15 days including the day it is issued. */
export const PORT_OUT_VALID_DAYS = 15;
export const portOutValidUntil = (issuedOn: string): string => addDays(issuedOn, PORT_OUT_VALID_DAYS - 1);
/** Ten digits, as the carriers issue them. */
export const isReservationNumber = (value: string): boolean => /^\d{10}$/.test(value);

// ---- Lost or stolen: the replacement ----

export const REPLACEMENT_KINDS = ['post', 'pickup', 'esim'] as const;
export type ReplacementKind = (typeof REPLACEMENT_KINDS)[number];
