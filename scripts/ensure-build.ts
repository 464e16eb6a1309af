// Builds the web app, and compiles the server, when there is no build or its inputs changed
// since the last one. The stamps are hashes of the inputs' contents, not their times: a fresh
// clone's files all carry the checkout time, and a build copied from elsewhere must not pass
// for current. `npm start` runs this first, in a process of its own: the server itself then
// runs as plain node (dist/server/main.js), without tsx.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const webInputs = [
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
// The server bundles its own code, the contract and the messages; packages stay outside,
// so a new package-lock.json (another PGlite, whose data directory template it builds) counts.
const serverInputs = [
  'server',
  'contract',
  'locales',
  'scripts/ops.ts',
  'scripts/build-server.ts',
  'package-lock.json',
];
const webStamp = join(root, 'dist', 'h5', '.build-stamp');
const serverStamp = join(root, 'dist', 'server', '.build-stamp');

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else {
    yield path;
  }
}

export function inputsHash(inputs = webInputs): string {
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

const stamp = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
const built = (...paths: string[]) => paths.every((path) => existsSync(join(root, 'dist', path)));

function run(script: string): void {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const wantedWeb = inputsHash(webInputs);
const wantedServer = inputsHash(serverInputs);
const web = stamp(webStamp);
const serverCurrent =
  stamp(serverStamp) === wantedServer && built('server/main.js', 'server/worker.js', 'server/ops.js');
if (web === wantedWeb && built('h5/index.html', 'ssr/render-page.js')) {
  if (serverCurrent) {
    console.log('Build is up to date.');
  } else {
    console.log('Server sources changed; compiling the server…');
    run('build:server');
  }
} else {
  console.log(web ? 'Web app sources changed; rebuilding…' : 'No web app build yet; building…');
  // `build` compiles the server too.
  run('build');
  writeFileSync(webStamp, `${wantedWeb}\n`);
}
writeFileSync(serverStamp, `${wantedServer}\n`);
