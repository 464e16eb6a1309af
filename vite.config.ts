import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Parts of the locale files only the server speaks (e-mail and SMS templates, the sandbox's
// pages): the server reads the files itself, so the phone never downloads them.
const SERVER_ONLY_KEYS = ['mail', 'notify', 'sandbox'];
function serverOnlyLocaleKeys(): Plugin {
  return {
    name: 'server-only-locale-keys',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? '';
      if (!/[\\/]locales[\\/][a-z]+\.json$/.test(file)) return null;
      const dictionary = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const key of SERVER_ONLY_KEYS) delete dictionary[key];
      return JSON.stringify(dictionary);
    },
  };
}

// `npm run dev`: Vite serves the app with hot reload and hands everything the server answers
// itself to the API process on PORT. Keep this list in step with README's Development section.
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const devPort = Number(process.env.VITE_PORT ?? 5173);

export default defineConfig({
  base: '/h5/',
  plugins: [serverOnlyLocaleKeys(), react()],
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
