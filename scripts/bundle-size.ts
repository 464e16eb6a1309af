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

/** Raw, gzip (level 9) and brotli bytes of the given files, summed. */
export function weigh(paths: string[]): { raw: number; gzip: number; brotli: number } {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const path of paths) {
    const bytes = readFileSync(path);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes).length;
  }
  return { raw, gzip, brotli };
}

export function routeWeight(outDir: string, route: string, lazySources: string[]): RouteWeight {
  const manifest = readManifest(outDir);
  const { js, css } = chunkClosure(manifest, [entryKey(manifest), ...lazySources]);
  const files = [...js, ...css].sort();
  return { route, files, ...weigh(files.map((file) => join(outDir, file))) };
}

/** What every route loads besides its page: the app itself and the default language's dictionary. */
export const FIRST_RENDER_SOURCES = ['src/app/start.tsx', 'locales/cn.json'];
export const HOME_SOURCES = [...FIRST_RENDER_SOURCES, 'src/pages/index/home-page.tsx'];
export const HOME_BUDGET_GZIP = 170 * 1024;
