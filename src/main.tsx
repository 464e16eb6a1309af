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

/** The scripts a server-drawn page listed, fetched side by side instead of one after another. */
function preloadPageScripts(boot: BootData): void {
  const assets = `${import.meta.env.BASE_URL}assets/`;
  for (const href of boot.preload ?? []) {
    if (!href.startsWith(assets)) continue;
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
    preloadPageScripts(boot);
    // React's DOM renderer is most of the app's code: run on a task of its own, it leaves the
    // browser a turn before the rest (already preloaded above, so this waits on nothing).
    await import('react-dom/client');
    await nextTask();
  }
  const { start } = await import('./app/start');
  await start(boot);
});
