import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { brandPage } from './contract/brand-html';
import { DEFAULT_BRAND, type Brand } from './contract/brand-words';
import { PAGE_NAMESPACES } from './src/features/language/page-namespaces';

// Parts of the locale files only the server speaks (e-mail and SMS templates, the sandbox's
// pages): the server reads the files itself, so the phone never downloads them. The staff
// console's strings (`admin`) never reach a customer either; the console imports
// `locales/<lang>.json?admin` and gets only the parts it uses. The parts only some pages
// speak (src/features/language/page-namespaces.ts) come with those pages, one chunk
// each (`?ns=<part>`, listed by the module `virtual:page-words`).
const SERVER_ONLY_KEYS = ['mail', 'notify', 'sandbox', 'admin'];
const CONSOLE_KEYS = ['admin', 'api', 'order', 'language'];
// What the console's sign-in screen shows (`?sign-in`), in its entry for both languages; the
// rest of CONSOLE_KEYS loads after it has painted (src/admin/stores/language-store.ts).
const SIGN_IN_WORDS = [
  'admin.brand',
  'admin.loading',
  'admin.signIn',
  'admin.refusals',
  'admin.forbidden',
  'admin.failed',
  'admin.fieldInvalid',
  'admin.loadFailed',
  'admin.retry',
  'api.errors.REQUIRED',
  'api.errors.PASSWORD_MISMATCH',
  'api.errors.NETWORK',
  'api.errors.TIMEOUT',
  'language',
];
const PAGE_WORDS_ID = 'virtual:page-words';
// Exported for vitest.config.ts: unit tests import the console's `?admin` dictionaries through
// it, with `strip: false`, so their own imports of the whole files stay whole.
export function serverOnlyLocaleKeys({ strip = true }: { strip?: boolean } = {}): Plugin {
  return {
    name: 'server-only-locale-keys',
    enforce: 'pre',
    resolveId(id) {
      return id === PAGE_WORDS_ID ? `\0${PAGE_WORDS_ID}` : null;
    },
    load(id) {
      // One loader per language and part (a chunk each), for src/features/language/load-locale.ts.
      if (id === `\0${PAGE_WORDS_ID}`) {
        const loaders = ['cn', 'ja'].map(
          (lang) =>
            `${lang}: {${PAGE_NAMESPACES.map((ns) => `${ns}: () => import('/locales/${lang}.json?ns=${ns}')`).join(', ')}}`,
        );
        return `export default {${loaders.join(', ')}};`;
      }
      const [file = '', query = ''] = id.split('?');
      if (!/[\\/]locales[\\/][a-z]+\.json$/.test(file)) return null;
      const dictionary = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      // With a query the file is no longer taken for JSON: hand it over as a module.
      const pick = (keys: readonly string[]) =>
        `export default ${JSON.stringify(Object.fromEntries(keys.map((key) => [key, dictionary[key]])))};`;
      if (new URLSearchParams(query).has('admin')) return pick(CONSOLE_KEYS);
      if (new URLSearchParams(query).has('sign-in')) {
        const words: Record<string, unknown> = {};
        for (const path of SIGN_IN_WORDS) {
          const keys = path.split('.');
          let from: unknown = dictionary;
          let to = words;
          for (const [i, key] of keys.entries()) {
            from = (from as Record<string, unknown> | undefined)?.[key];
            if (i === keys.length - 1) to[key] = from;
            else to = (to[key] ??= {}) as Record<string, unknown>;
          }
        }
        return `export default ${JSON.stringify(words)};`;
      }
      // A part only some pages speak: its own chunk, loaded with those pages.
      const part = new URLSearchParams(query).get('ns');
      if (part) return pick([part]);
      if (!strip) return null;
      for (const key of [...SERVER_ONLY_KEYS, ...PAGE_NAMESPACES]) delete dictionary[key];
      return JSON.stringify(dictionary);
    },
  };
}

// `npm run dev`: the staff console's page (admin.html, its own build in vite.admin.config.ts)
// at /admin/ and below, as the server serves it.
function consoleInDev(): Plugin {
  return {
    name: 'console-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (/^\/admin(\/|\?|$)/.test(request.url ?? '')) request.url = '/h5/admin.html';
        next();
      });
    },
  };
}

// `npm run dev`: Vite serves the app with hot reload and hands everything the server answers
// itself to the API process on PORT. Keep this list in step with README's Development section.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const devPort = Number(process.env.VITE_PORT ?? 5173);

// `npm run dev`: the pages with the brand in them, as the server serves them (page-shell.ts,
// admin-app.ts); the API process checks BRAND_FILE and stops on a bad one. Built pages carry
// no brand: the server puts it in as it serves them.
function brandInDev(): Plugin {
  return {
    name: 'brand-in-dev',
    apply: 'serve',
    transformIndexHtml(html, context) {
      const file = process.env.BRAND_FILE;
      const brand = file ? (JSON.parse(readFileSync(file, 'utf8')) as Brand) : DEFAULT_BRAND;
      return brandPage(html, brand, { lang: 'cn', fillText: context.path.endsWith('admin.html') });
    },
  };
}

export default defineConfig({
  base: '/h5/',
  plugins: [serverOnlyLocaleKeys(), consoleInDev(), brandInDev(), react()],
  resolve: {
    // react-i18next asks for the shim of React 17; React 19 has the hook, which the shim only
    // hands over. The package's own entry is that hand-over without the shim's fallback code,
    // which every first render downloaded for nothing.
    alias: [{ find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' }],
  },
  build: {
    outDir: 'dist/h5',
    emptyOutDir: true,
    target: ['es2020', 'safari14', 'chrome87'],
    cssCodeSplit: true,
    reportCompressedSize: false,
    manifest: true,
  },
  // The server's page renderer (dist/ssr) carries its dependencies with it: Node cannot load
  // the components' CSS imports, and the server then needs nothing from node_modules for it.
  ssr: { noExternal: true },
  server: {
    port: devPort,
    // The dev script tells the API this origin (PUBLIC_URL): another port would break its links.
    strictPort: true,
    proxy: Object.fromEntries(
      [
        '/api',
        '/healthz',
        '/livez',
        // Stand-in WeChat/Alipay sign-in, card token.js and 3-D Secure, WeChat Pay/Alipay cashiers.
        '/sandbox/',
        // The outbox of e-mails and text messages; the proxy connects from 127.0.0.1, as it requires.
        '/dev/',
      ].map((path) => [
        path,
        // The browser's Host header passes through (Vite's shorthand would rewrite it), so the
        // server builds its redirects on this origin: card and cashier returns, and the WeChat
        // consent page, which sends a code back only to the site that asked for it.
        { target: apiTarget, changeOrigin: false },
      ]),
    ),
  },
});
