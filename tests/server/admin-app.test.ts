import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

// A stand-in build with the console's page beside the app's, so this does not need `vite build`.
describe('serving the staff console at /admin/', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'admin-'));
    mkdirSync(join(dir, 'assets', 'admin'), { recursive: true });
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(
      join(dir, 'admin.html'),
      '<!doctype html><title>console</title><script type="module" src="/h5/assets/admin/admin-abc123.js"></script><div id="root"></div>',
    );
    writeFileSync(join(dir, 'assets', 'admin', 'admin-abc123.js'), 'console.log(1)'.repeat(200));
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
    t = await createTestApp('pglite', { staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /admin and every path below it with the console page, never stored', async () => {
    for (const url of ['/admin', '/admin/', '/admin/review', '/admin/orders/SM20261123000001?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<title>console</title>');
      expect(res.headers['cache-control'], url).toBe('no-store');
      // The same document headers as the customer's pages.
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('serves its scripts as hashed assets, and its page only at /admin/', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/h5/assets/admin/admin-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const underApp = await t.app.inject({ method: 'GET', url: '/h5/admin.html' });
    expect(underApp.statusCode).toBe(404);
  });

  it('does not take over paths that only start like it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/administrator' });
    expect(res.statusCode).toBe(404);
  });
});
