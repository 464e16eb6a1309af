// Lighthouse 12.8, mobile preset (simulated Slow 4G, 4x CPU slowdown), in Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

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

export async function measurePageSpeed(
  base: string,
  routes: { route: string; path: string }[],
  runs: number,
): Promise<PageSpeed[]> {
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
  try {
    for (const { route, path } of routes) {
      const samples: PageSpeed[] = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await lighthouse(`${base}/h5${path === '/' ? '/' : path}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
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
    chrome.kill();
  }
  return out;
}
