import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

type LockEntry = { version?: string; engines?: { node?: string } | string[] };

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockEntry>;
};

// A package that wants a newer Node than ours makes `npm ci` warn EBADENGINE and may use what
// the oldest Node we promise lacks; the overrides in package.json keep such packages out.
describe('engines', () => {
  const oldest = semver.minVersion(pkg.engines.node);

  it('package.json names a lowest Node version', () => {
    expect(oldest?.version).toMatch(/^20\./);
  });

  it('every locked package runs on the oldest Node that package.json allows', () => {
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !wanted || !oldest) return [];
      return semver.satisfies(oldest, wanted) ? [] : [`${path}@${entry.version} wants ${wanted}`];
    });
    expect(refusing).toEqual([]);
  });
});
