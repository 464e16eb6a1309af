import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: '/floor/',
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: new URL('../.floor-dist', import.meta.url).pathname,
    emptyOutDir: true,
    target: ['es2020', 'safari14', 'chrome87'],
    reportCompressedSize: false,
  },
});
