// The line's one state machine (docs/lifecycle.md). Every change of lines.status goes through
// server/line/line-state.ts, which refuses what this table does not allow and records who
// moved the line, when and why. Billing, usage import, plan change, top-ups and notifications
// ask the questions below instead of comparing statuses themselves.

export const LINE_STATES = ['active', 'suspended', 'paused', 'lost', 'cancelling', 'ended', 'ported'] as const;
export type LineState = (typeof LINE_STATES)[number];

export const isLineState = (value: string): value is LineState => (LINE_STATES as readonly string[]).includes(value);

/**
 * Allowed moves. `suspended` is staff's stop (unpaid, misuse); `paused` the customer's keep-number
 * pause; `lost` a SIM reported lost or stolen (suspended at the carrier at once, back to active
 * only on a new SIM, or to suspended when staff had suspended it before); `cancelling` a booked
 * cancellation (the line works until its last day, and a withdrawal of a line still cancelling
 * returns it to the state it was booked from, or to active when that was a pause that has since
 * ended; staff's stop or a loss after booking stays); `ended` and `ported` are final. Staff
 * resuming a stopped line with a booked cancellation take it back to cancelling, so the
 * cancellation still ends it.
 */
const ALLOWED: Record<LineState, readonly LineState[]> = {
  active: ['suspended', 'paused', 'lost', 'cancelling', 'ported'],
  suspended: ['active', 'lost', 'cancelling', 'ported', 'ended'],
  paused: ['active', 'lost', 'cancelling', 'ported'],
  lost: ['active', 'suspended', 'cancelling', 'ported', 'ended'],
  cancelling: ['active', 'suspended', 'paused', 'lost', 'ended', 'ported'],
  ended: [],
  ported: [],
};

export function canTransition(from: string, to: LineState): boolean {
  return isLineState(from) && ALLOWED[from].includes(to);
}

export const allowedTransitions = (from: LineState): readonly LineState[] => ALLOWED[from];

/** Over: no bill, no usage alert, nothing the customer can ask for but reading. */
export const isFinal = (state: string): boolean => state === 'ended' || state === 'ported';

/** Data flows (the carrier has it on): usage alerts, automatic top-up and top-ups make sense. */
export const dataFlows = (state: string): boolean => state === 'active' || state === 'cancelling';

/** A plan change may be booked only on a line running normally. */
export const canChangePlan = (state: string): boolean => state === 'active';

/** What the month's bill run puts on the line's bill. */
export function billedAs(state: string, pausedThisMonth: boolean): 'rent' | 'keep_number' | 'none' {
  if (isFinal(state)) return 'none';
  return pausedThisMonth ? 'keep_number' : 'rent';
}

/** Why a line moved, as recorded in line_events.reason and shown in words (locales line.reasons). */
export const LINE_EVENT_REASONS = [
  'activated',
  'staff_suspend',
  'staff_resume',
  'pause_started',
  'pause_resumed',
  'reported_lost',
  'sim_replaced',
  'cancellation_booked',
  'cancellation_withdrawn',
  'cancellation_done',
  'port_out_completed',
] as const;
export type LineEventReason = (typeof LINE_EVENT_REASONS)[number];
