// Builds the web app when there is no build or its inputs changed since the last one.
// The stamp is a hash of the inputs' contents, not their times: a fresh clone's files all
// carry the checkout time, and a build copied from elsewhere must not pass for current.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const inputs = [
  'src',
  'locales',
  'contract',
  'bridges',
  'public',
  'index.html',
  'admin.html',
  'vite.config.ts',
  'vite.admin.config.ts',
  'package-lock.json',
];
const stampFile = join(root, 'dist', 'h5', '.build-stamp');

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else {
    yield path;
  }
}

export function inputsHash(): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

const wanted = inputsHash();
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (
  current === wanted &&
  existsSync(join(root, 'dist', 'h5', 'index.html')) &&
  existsSync(join(root, 'dist', 'ssr', 'render-page.js'))
) {
  console.log('Web app build is up to date.');
} else {
  console.log(current ? 'Web app sources changed; rebuilding…' : 'No web app build yet; building…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${wanted}\n`);
}
