import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe-core's WCAG 2.2 AA rules on what is drawn (the e2e tests' tags). Colour contrast needs a
 * layout happy-dom does not have: the e2e walks check it in Chromium.
 */
export async function expectNoAxeViolations(): Promise<void> {
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  const problems = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(problems).toEqual([]);
}
