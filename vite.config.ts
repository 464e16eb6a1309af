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
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
