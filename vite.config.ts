import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  base: '/h5/',
  plugins: [react()],
  build: {
    outDir: 'dist/h5',
    emptyOutDir: true,
    target: ['es2020', 'safari14', 'chrome87'],
    cssCodeSplit: true,
    reportCompressedSize: false,
    manifest: true,
  },
  // The server's page renderer (dist/ssr) carries its dependencies with it: Node cannot
  // load the UI kit's CSS imports, and the server needs nothing from node_modules for it.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/livez': apiTarget,
    },
  },
});
