import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/client';
import { backends, freshDatabase, type Backend, type TestDatabase } from '../../server/helpers/databases';

const root = join(__dirname, '..', '..', '..');
const staticDir = join(root, 'dist', 'h5');
const pageRenderer = join(root, 'dist', 'ssr', 'render-page.js');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// PostgreSQL when it answers: the browser tests are about what a customer sees, and its
// native server answers them with far less CPU than PGlite's WebAssembly in the test's own
// thread (about 12 % of the e2e time here). Server tests run every route on both databases.
// E2E_DATABASE=pglite runs them on the embedded default instead.
const e2eBackend: Backend =
  process.env.E2E_DATABASE === 'pglite' || !backends.includes('postgres') ? 'pglite' : 'postgres';

export interface Harness {
  baseUrl: string;
  browser: Browser;
  database: DatabaseHandle;
  /** The server's document store, for seeding data the way the server keeps it. */
  vault: FastifyInstance['documents'];
  close(): Promise<void>;
}

/** The real server on a free port with a fresh database, and Debian's Chromium. */
export async function startHarness(
  env: Record<string, string> = {},
  /** Where the server's JSON log lines go (info level); without it the server logs nothing. */
  logStream?: NodeJS.WritableStream,
): Promise<Harness> {
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('dist/h5 missing: npm test builds it first');
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install chromium`);
  // Chromium starts in its own processes while this one copies the database and builds the app.
  const launching = chromium.launch({
    executablePath: chromiumPath,
    // This machine has no outside network: background services would only log failures.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  let server: { test: TestDatabase; app: FastifyInstance; port: number };
  try {
    const test = await freshDatabase(e2eBackend);
    const app = await buildApp({
      database: test.handle,
      staticDir,
      pageRenderer,
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'sim-e2e-')), ...env }),
      ...(logStream ? { logger: { level: 'info', stream: logStream } } : {}),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    server = { test, app, port: (app.server.address() as AddressInfo).port };
  } catch (error) {
    await launching.then((browser) => browser.close()).catch(() => undefined);
    throw error;
  }
  const { test, app, port } = server;
  const browser = await launching.catch(async (error: unknown) => {
    await app.close();
    await test.drop();
    throw error;
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    database: test.handle,
    vault: app.documents,
    async close() {
      await browser.close();
      await app.close();
      await test.drop();
    },
  };
}

export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export interface PhonePage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/** An iPhone-sized page (390x844) that records every console error. */
export async function openPhone(h: Harness, userAgent = IPHONE_SAFARI): Promise<PhonePage> {
  const context = await h.browser.newContext({
    viewport: { width: 390, height: 844 },
    // Layout is in CSS pixels and nothing here depends on pixel density; drawing at 3x
    // costs Chromium nine times the pixels for nothing a test reads.
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    userAgent,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** Fails on any axe-core violation of WCAG 2.2 AA, listing what and where. */
export async function expectAccessible(page: Page): Promise<void> {
  // Legacy mode runs axe.run in the page itself. The default opens a blank page for every
  // check to merge per-frame results, which doubled the time of each check; the app has no
  // frames to merge.
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
  const problems = results.violations.map(
    (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(problems, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until the route's page is drawn, working (a server-drawn page is hydrated: its
 * buttons answer) and its data placeholders are gone.
 */
export async function settle(page: Page): Promise<void> {
  // Pages that are not the app (a platform's consent page) have nothing to hydrate.
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.interactive === 'true',
  );
  await page.waitForSelector('main');
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
}

/** Opens a path under /h5/, waits for it to settle, and checks it with axe. */
export async function visit(h: Harness, phone: PhonePage, path: string): Promise<void> {
  await phone.page.goto(`${h.baseUrl}/h5${path}`);
  await settle(phone.page);
  await expectAccessible(phone.page);
}

/** The app opened once and handed a session token, as a sign-in leaves it. */
export async function signInWithToken(h: Harness, phone: PhonePage, token: string): Promise<void> {
  await phone.page.goto(`${h.baseUrl}/h5/`);
  await phone.page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
}
