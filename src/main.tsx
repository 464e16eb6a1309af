// The entry: small on purpose. A public page arrives drawn by the server; the browser paints
// it (and its hero image) first, then fetches the app's scripts all at once and hydrates
// what is on screen. A signed-in customer's own pages arrive drawn for them the same way.
import { BOOT_DATA_ELEMENT_ID, type BootData } from '../contract/page-render';
import { afterFirstPaint, nextTask } from './lib/after-first-paint';
import './app/global.css';

// vConsole is for debugging inside WeChat and Alipay web views, where there are no dev
// tools; it is its own chunk and loads only when the URL asks for it.
// It prints the container and its sign-in and payment row first, for support staff.
if (new URLSearchParams(window.location.search).get('debug') === '1') {
  void Promise.all([import('vconsole'), import('./app/debug-report')]).then(
    ([{ default: VConsole }, { containerReport }]) => {
      new VConsole();
      console.info(containerReport(navigator.userAgent, window));
    },
  );
}

/** What the server drew the page from, when it drew it. */
function readBootData(): BootData | null {
  const text = document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}

// Each modulepreload link costs the main thread about a millisecond as it is added (five or
// more on a slow phone, the first ones most), and a personal page lists some thirty: added a
// few per task, they never make one long task together (six made one of some 50 ms).
const PRELOADS_PER_TASK = 4;

/** The scripts a server-drawn page listed, fetched side by side instead of one after another. */
async function preloadPageScripts(boot: BootData): Promise<void> {
  const assets = `${import.meta.env.BASE_URL}assets/`;
  const hrefs = (boot.preload ?? []).filter((href) => href.startsWith(assets));
  for (const [index, href] of hrefs.entries()) {
    if (index > 0 && index % PRELOADS_PER_TASK === 0) await nextTask();
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

const boot = readBootData();
void afterFirstPaint().then(async () => {
  if (boot) {
    await preloadPageScripts(boot);
    // React's DOM renderer is most of the app's code: run on a task of its own, it leaves the
    // browser a turn before the rest (already preloaded above, so this waits on nothing).
    await import('react-dom/client');
    await nextTask();
  }
  const { start } = await import('./app/start');
  await start(boot);
});
