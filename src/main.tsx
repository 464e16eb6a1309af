// The entry: small on purpose. A public page arrives drawn by the server; the browser paints
// it (and its hero image) first, then fetches the app's scripts all at once and hydrates
// what is on screen. A personal page arrives empty and the app draws it.
import { BOOT_DATA_ELEMENT_ID } from '../contract/page-render';
import { afterFirstPaint } from './lib/after-first-paint';
import './app/global.css';

// vConsole is for debugging inside WeChat and Alipay web views, where there are no dev
// tools; it is its own chunk and loads only when the URL asks for it.
if (new URLSearchParams(window.location.search).get('debug') === '1') {
  void import('vconsole').then(({ default: VConsole }) => new VConsole());
}

/** The scripts a server-drawn page listed, fetched side by side instead of one after another. */
function preloadPageScripts(): void {
  try {
    const boot = JSON.parse(document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent || '{}') as { preload?: unknown };
    for (const href of Array.isArray(boot.preload) ? boot.preload : []) {
      if (typeof href !== 'string' || !href.startsWith('/h5/assets/')) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  } catch {
    // Without the list the app still loads its scripts, only one step after another.
  }
}

void afterFirstPaint().then(() => {
  preloadPageScripts();
  return import('./app/start');
});
