// Customer service: weekdays 9:00-17:30 Tokyo time (docs/requirements.md#product), whatever the
// phone's own time zone is. Japan has kept UTC+9 without daylight saving since 1951, so a
// fixed offset is exact and keeps a time-zone database out of the first page's bundle.

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

export interface ServiceWindow {
  /** Minutes after Tokyo midnight. */
  openMinute: number;
  closeMinute: number;
  /** 0 = Sunday ... 6 = Saturday, in Tokyo. */
  weekdays: readonly number[];
}

export const SERVICE_WINDOW: ServiceWindow = {
  openMinute: 9 * 60,
  closeMinute: 17 * 60 + 30,
  weekdays: [1, 2, 3, 4, 5],
};

export function parseClock(hhmm: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) throw new RangeError(`not a clock time: ${hhmm}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

interface TokyoClock {
  weekday: number;
  minute: number;
  /** Milliseconds since the epoch of this Tokyo day's midnight. */
  midnight: number;
}

function tokyoClock(now: Date): TokyoClock {
  const shifted = new Date(now.getTime() + TOKYO_OFFSET_MS);
  const minute = shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
  const midnight = now.getTime() - minute * MINUTE_MS - shifted.getUTCSeconds() * 1000 - shifted.getUTCMilliseconds();
  return { weekday: shifted.getUTCDay(), minute, midnight };
}

export function isServiceOpen(now: Date, window: ServiceWindow = SERVICE_WINDOW): boolean {
  const { weekday, minute } = tokyoClock(now);
  return window.weekdays.includes(weekday) && minute >= window.openMinute && minute < window.closeMinute;
}

/** The next moment service opens, strictly after `now` when it is open now. */
export function nextServiceOpening(now: Date, window: ServiceWindow = SERVICE_WINDOW): Date {
  if (window.weekdays.length === 0) throw new RangeError('service window has no weekdays');
  const { weekday, minute, midnight } = tokyoClock(now);
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = (weekday + offset) % 7;
    if (!window.weekdays.includes(day)) continue;
    if (offset === 0 && minute >= window.openMinute) continue;
    return new Date(midnight + (offset * DAY_MINUTES + window.openMinute) * MINUTE_MS);
  }
  throw new Error('unreachable: a weekday exists within a week');
}

/** Tokyo wall-clock parts of an instant, for showing "opens Monday 09:00". */
export function tokyoParts(at: Date): { weekday: number; hour: number; minute: number } {
  const shifted = new Date(at.getTime() + TOKYO_OFFSET_MS);
  return { weekday: shifted.getUTCDay(), hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes() };
}
