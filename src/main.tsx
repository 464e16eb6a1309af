import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { RootStore } from './app/root-store';
import { loadLocale } from './features/language/load-locale';
import { memoryStorage, type KeyValueStorage } from './lib/persistence';
import './app/global.css';

function browserStorage(): KeyValueStorage {
  try {
    const probe = '__probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStorage();
  }
}

// vConsole is for debugging inside WeChat and Alipay web views, where there are no dev
// tools; it is its own chunk and loads only when the URL asks for it.
if (new URLSearchParams(window.location.search).get('debug') === '1') {
  void import('vconsole').then(({ default: VConsole }) => new VConsole());
}

const store = new RootStore({ storage: browserStorage(), loadLocale });
const { languageReady } = store.launch();
const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
// Drawing before the dictionary arrives would flash raw keys; wait for it, but not for the API.
languageReady.finally(() => createRoot(container).render(<App store={store} />));
