// Vite's build manifest (dist/h5/.vite/manifest.json): which files a module needs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): Manifest {
  const path = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`no manifest at ${path}: build first`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('manifest has no entry');
  return key;
}

/**
 * The JS and CSS files (paths below the build folder) that the given modules load before
 * they run: each chunk, its CSS, and its static imports, in the order a browser meets them.
 */
export function chunkClosure(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    for (const dep of chunk.imports ?? []) visit(dep);
    if (chunk.file.endsWith('.js') && !js.includes(chunk.file)) js.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
  };
  keys.forEach(visit);
  return { js, css };
}
