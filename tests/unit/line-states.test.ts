import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  billedAs,
  canChangePlan,
  canTransition,
  dataFlows,
  isFinal,
  isLineState,
  LINE_STATES,
  type LineState,
} from '../../contract/line-states';

// The line's one state machine (issue 31): every pair of states, allowed or refused, in one table.
const ALLOWED: Record<LineState, LineState[]> = {
  active: ['suspended', 'paused', 'lost', 'cancelling', 'ported'],
  suspended: ['active', 'lost', 'cancelling', 'ported', 'ended'],
  paused: ['active', 'lost', 'cancelling', 'ported'],
  lost: ['active', 'suspended', 'cancelling', 'ported', 'ended'],
  cancelling: ['active', 'suspended', 'paused', 'lost', 'ended', 'ported'],
  ended: [],
  ported: [],
};

const pairs = LINE_STATES.flatMap((from) => LINE_STATES.map((to) => [from, to, ALLOWED[from].includes(to)] as const));

describe('line states', () => {
  it.each(pairs)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('refuses every move out of a state it does not know, and never stays put', () => {
    for (const to of LINE_STATES) {
      expect(canTransition('new', to)).toBe(false);
      expect(canTransition('', to)).toBe(false);
      expect(canTransition(to, to)).toBe(false);
    }
    expect(isLineState('new')).toBe(false);
    expect(LINE_STATES.every(isLineState)).toBe(true);
    for (const from of LINE_STATES) expect([...allowedTransitions(from)].sort()).toEqual([...ALLOWED[from]].sort());
  });

  it.each([
    // state, final, data flows, plan change, billed (not paused), billed (paused this month)
    ['active', false, true, true, 'rent', 'keep_number'],
    ['suspended', false, false, false, 'rent', 'keep_number'],
    ['paused', false, false, false, 'rent', 'keep_number'],
    ['lost', false, false, false, 'rent', 'keep_number'],
    ['cancelling', false, true, false, 'rent', 'keep_number'],
    ['ended', true, false, false, 'none', 'none'],
    ['ported', true, false, false, 'none', 'none'],
  ] as const)(
    '%s: final %s, data %s, plan change %s, billed %s / %s',
    (state, final, data, plan, billed, pausedBill) => {
      expect(isFinal(state)).toBe(final);
      expect(dataFlows(state)).toBe(data);
      expect(canChangePlan(state)).toBe(plan);
      expect(billedAs(state, false)).toBe(billed);
      expect(billedAs(state, true)).toBe(pausedBill);
    },
  );
});
