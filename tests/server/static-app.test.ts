import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

// A stand-in build, so these tests do not depend on `vite build` having run.
describe('serving the web app under /h5/', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'h5-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)'.repeat(200));
    writeFileSync(join(dir, 'assets', 'page-abc123.js'), 'console.log(2)'.repeat(200));
    writeFileSync(
      join(dir, 'assets', 'page-abc123.js.br'),
      brotliCompressSync(Buffer.from('console.log(2)'.repeat(200))),
    );
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
    t = await createTestApp('pglite', { staticDir: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at /h5/ with revalidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the app for a deep link typed into the address bar', async () => {
    for (const url of ['/h5/pages/public/faq', '/h5/pages/user/index?from=x', '/h5/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/h5/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the copy the build compressed when there is one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/h5/assets/page-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(2)'.repeat(200));
  });

  it('answers 404 for a missing asset instead of the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/assets/missing-1.js' });
    expect(res.statusCode).toBe(404);
  });

  it('keeps build metadata private', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
  });

  it('sends documents with the page security policy, and API answers with a short fixed set', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/h5/pages/public/login' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    for (const url of ['/api/common/init', '/api/user/userinfo', '/api/no/such']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      // Personal data must not be kept by a browser or proxy on the way.
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('sends the bare host to the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/h5/');
  });
});
