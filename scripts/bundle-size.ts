// What each route downloads for its first render, read from Vite's manifest: the entry
// with its static imports and CSS, plus the route's lazy page chunk and the locale chunk.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  route: string;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export function readManifest(outDir: string): Manifest {
  const path = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`no manifest at ${path}: build first`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const out = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    out.add(chunk.file);
    for (const css of chunk.css ?? []) out.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return out;
}

export function routeWeight(outDir: string, route: string, lazySources: string[]): RouteWeight {
  const manifest = readManifest(outDir);
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('manifest has no entry');
  const files = [...closure(manifest, [entry, ...lazySources])].filter((f) => /\.(js|css)$/.test(f)).sort();
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

export const HOME_SOURCES = ['src/pages/index/home-page.tsx', 'locales/cn.json'];
export const HOME_BUDGET_GZIP = 170 * 1024;
