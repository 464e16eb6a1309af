import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The staff commands run in another shell than the server, often without its PORT or
// PUBLIC_URL: the server leaves the address it serves under in its data folder, so the
// links they print (the console, the demo's sign-in page) point at the server really running.

const urlFile = (dataDir: string) => join(dataDir, 'server-url');

export function rememberServerUrl(dataDir: string, url: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(urlFile(dataDir), url);
}

/** PUBLIC_URL when it was set, else where the last server of this data folder listened, else the config's default. */
export function serverUrlFor(
  config: { DATA_DIR: string; PUBLIC_URL: string },
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env.PUBLIC_URL) return config.PUBLIC_URL;
  try {
    const remembered = readFileSync(urlFile(config.DATA_DIR), 'utf8').trim();
    if (/^https?:\/\/[^\s]+$/.test(remembered)) return remembered.replace(/\/+$/, '');
  } catch {
    // No server has run on this data folder yet.
  }
  return config.PUBLIC_URL;
}
