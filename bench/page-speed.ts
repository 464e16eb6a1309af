// Lighthouse 12.8, mobile preset (simulated Slow 4G, 4x CPU slowdown), in Debian's Chromium.
// Personal pages are measured signed in, as the customer meets them: the demo account
// (scripts/seed-demo.ts) signs in through the site in the same browser.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { STORAGE_KEYS } from '../src/lib/persistence.js';
import { root } from './processes.js';

export interface SpeedRoute {
  route: string;
  path: string;
  /** A personal page: measured with the demo customer signed in. */
  signedIn?: boolean;
}

/** The routes the issue names, public and personal, and the staff console's sign-in page. */
export const SPEED_ROUTES: SpeedRoute[] = [
  { route: 'home', path: '/h5/' },
  { route: 'login', path: '/h5/pages/public/login' },
  { route: 'setmeal', path: '/h5/pages/process/setmeal' },
  { route: 'information', path: '/h5/pages/process/information', signedIn: true },
  { route: 'check', path: '/h5/pages/process/check', signedIn: true },
  { route: 'pay', path: '/h5/pages/process/pay', signedIn: true },
  { route: 'user index', path: '/h5/pages/user/index', signedIn: true },
  { route: 'taocan', path: '/h5/pages/user/taocan', signedIn: true },
  { route: 'order list', path: '/h5/pages/order/list', signedIn: true },
  { route: 'FAQ', path: '/h5/pages/public/faq' },
  { route: 'admin sign-in', path: '/admin/' },
];

export const DEMO_ACCOUNT = { email: 'demo@demo.example', password: 'demo12345' };

/**
 * Seeds the demo customer (a line, orders, bills) into a PGlite data directory before its
 * server starts, with the document key bench/processes.ts gives that server.
 */
export function seedDemoAccount(dataDir: string): void {
  const env = {
    NODE_ENV: 'production',
    SANDBOX: '1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DOCUMENT_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'seed-demo.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`seed-demo failed: ${r.stderr}`);
}

/**
 * Signs the demo customer in from a page of the site, so the browser keeps any cookie the
 * server sets (the page cookie), and keeps the token where the app keeps it.
 */
async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/h5/`, { waitUntil: 'load' });
  const ok = await page.evaluate(
    async (account, tokenKey) => {
      const answer = await fetch('/api/user/login', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      const body = (await answer.json()) as { data?: { userinfo?: { token?: string } } };
      const token = body.data?.userinfo?.token;
      if (token) localStorage.setItem(tokenKey, JSON.stringify(token));
      return Boolean(token);
    },
    DEMO_ACCOUNT,
    STORAGE_KEYS.token,
  );
  if (!ok) throw new Error('the demo customer could not sign in (is the data directory seeded?)');
}

export interface PageSpeed {
  route: string;
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** What Lighthouse saw as the largest contentful paint. */
  lcpElement: string;
}

function lcpElementOf(details: unknown): string {
  // The audit's details hold a list whose first table names the element.
  const items = (details as { items?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[] }[] } | undefined)
    ?.items;
  const node = items?.[0]?.items?.[0]?.node;
  return node?.snippet?.slice(0, 120) ?? '';
}

export async function measurePageSpeed(base: string, routes: SpeedRoute[], runs: number): Promise<PageSpeed[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Without the networking flags Chromium keeps calling Google hosts this machine cannot reach.
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const out: PageSpeed[] = [];
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  let signedIn = false;
  try {
    for (const { route, path, signedIn: personal } of routes) {
      const samples: PageSpeed[] = [];
      for (let i = 0; i < runs; i += 1) {
        const page = await browser.newPage();
        if (personal && !signedIn) {
          await signIn(page, base);
          signedIn = true;
        }
        if (personal) {
          // Lighthouse would clear the session with the cache: clear only the cache, as a
          // returning customer's phone may not have the scripts either.
          const cdp = await page.createCDPSession();
          await cdp.send('Network.clearBrowserCache');
          await cdp.detach();
        }
        const result = await lighthouse(
          `${base}${path}`,
          {
            port: chrome.port,
            onlyCategories: ['performance'],
            logLevel: 'error',
            output: 'json',
            formFactor: 'mobile',
            throttlingMethod: 'simulate',
            disableStorageReset: Boolean(personal),
          },
          undefined,
          page,
        );
        await page.close();
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        // A personal page that sent the customer to sign in measured the login page instead.
        if (personal && new URL(result.lhr.finalDisplayedUrl).pathname !== path)
          throw new Error(`${path} ended at ${result.lhr.finalDisplayedUrl}: not signed in`);
        const { audits, categories } = result.lhr;
        samples.push({
          route,
          score: Math.round((categories.performance?.score ?? 0) * 100),
          fcp: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          tbt: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          cls: +(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
          lcpElement: lcpElementOf(audits['largest-contentful-paint-element']?.details),
        });
      }
      const median = (pick: (s: PageSpeed) => number) =>
        samples.map(pick).sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
      out.push({
        route,
        score: median((s) => s.score),
        fcp: median((s) => s.fcp),
        lcp: median((s) => s.lcp),
        tbt: median((s) => s.tbt),
        cls: median((s) => s.cls),
        lcpElement: samples[0]!.lcpElement,
      });
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return out;
}
