import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberServerUrl, serverUrlFor } from '../../server/ops/server-url.js';

// `PORT=9000 npm start` in one shell, `npm run ops -- staff add` in another: the printed
// console link must be the running server's, not the default port's.
describe('links printed by the staff commands', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-url-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('point at the address the last server of this data folder served under', () => {
    const dir = dataDir();
    rememberServerUrl(dir, 'http://localhost:9000');
    expect(serverUrlFor({ DATA_DIR: dir, PUBLIC_URL: 'http://localhost:8080' }, {})).toBe('http://localhost:9000');
  });

  it('follow PUBLIC_URL when the operator set it', () => {
    const dir = dataDir();
    rememberServerUrl(dir, 'http://localhost:9000');
    expect(
      serverUrlFor({ DATA_DIR: dir, PUBLIC_URL: 'https://sim.example.jp' }, { PUBLIC_URL: 'https://sim.example.jp' }),
    ).toBe('https://sim.example.jp');
  });

  it('fall back to the configured address before any server ran', () => {
    expect(serverUrlFor({ DATA_DIR: dataDir(), PUBLIC_URL: 'http://localhost:8080' }, {})).toBe(
      'http://localhost:8080',
    );
  });
});
