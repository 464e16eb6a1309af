// What each route downloads for its first render, read from Vite's manifest: the entry
// with its static imports and CSS, the app chunk the entry starts, plus the route's lazy
// page chunk and the locale chunk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chunkClosure, entryKey, readManifest } from '../server/lib/build-manifest.js';

export interface RouteWeight {
  route: string;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export function routeWeight(outDir: string, route: string, lazySources: string[]): RouteWeight {
  const manifest = readManifest(outDir);
  const { js, css } = chunkClosure(manifest, [entryKey(manifest), ...lazySources]);
  const files = [...js, ...css].sort();
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(join(outDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes).length;
  }
  return { route, files, raw, gzip, brotli };
}

/** What every route loads besides its page: the app itself and the default language's dictionary. */
export const FIRST_RENDER_SOURCES = ['src/app/start.tsx', 'locales/cn.json'];
export const HOME_SOURCES = [...FIRST_RENDER_SOURCES, 'src/pages/index/home-page.tsx'];
export const HOME_BUDGET_GZIP = 170 * 1024;
