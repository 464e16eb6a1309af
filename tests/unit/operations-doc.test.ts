// @vitest-environment node
// docs/operations.md is where an operator learns every variable: one added to the configuration
// without a row there would be a setting nobody knows to set.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../server/config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const doc = readFileSync(join(root, 'docs/operations.md'), 'utf8');

/** The variables named in the first cell of the environment table's rows. */
function documented(): Set<string> {
  const start = doc.indexOf('### Environment variables');
  const section = doc.slice(start, doc.indexOf('\n#', start + 1));
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!));
  return new Set(names);
}

describe('docs/operations.md', () => {
  it('has a row for every variable the configuration reads', () => {
    const rows = documented();
    expect(rows.size).toBeGreaterThan(50);
    expect(CONFIG_VARIABLES.filter((name) => !rows.has(name))).toEqual([]);
  });

  it('says for each row whether production needs it, with a default and a meaning', () => {
    const start = doc.indexOf('### Environment variables');
    const rows = doc
      .slice(start, doc.indexOf('\n#', start + 1))
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    for (const row of rows)
      expect(
        row
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim())
          .filter(Boolean),
      ).toHaveLength(4);
  });
});
