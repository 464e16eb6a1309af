// The server, the worker and the staff CLI compiled to JavaScript in dist/server/, so
// production runs plain `node` with no TypeScript compiler in the process (tsx costs about
// 200 MB of memory and doubles the start). Our code is bundled; packages stay in
// node_modules, loaded as they are.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { openDatabase } from '../server/db/client.js';
import { startJobQueue } from '../server/lib/queue.js';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, 'dist', 'server');

const SERVER_ENTRIES = {
  main: 'server/main.ts',
  worker: 'server/worker.ts',
  ops: 'scripts/ops.ts',
};

// Files our code finds next to itself through `new URL('./x', import.meta.url)`: in the
// bundle import.meta.url is dist/server/<entry>.js, so each is copied there.
const BESIDE = [
  { from: 'server/db/migrations', to: 'migrations' },
  { from: 'server/documents/pdf-render.worker.js', to: 'pdf-render.worker.js' },
  { from: 'server/receipts/receipt-pdf.worker.js', to: 'receipt-pdf.worker.js' },
];
const TEMPLATE = 'pglite-template.tar.gz';
const KNOWN_RELATIVE = ['./migrations', './pdf-render.worker.js', './receipt-pdf.worker.js', `./${TEMPLATE}`];

rmSync(outDir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: SERVER_ENTRIES,
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Stack traces name the .ts lines (`node --enable-source-maps`).
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});
for (const { from, to } of BESIDE) cpSync(join(root, from), join(outDir, to), { recursive: true });

// A new path relative to a source file would resolve in dist/server/ and fail only in
// production: refuse the build until the file is added to BESIDE.
for (const file of Object.keys(SERVER_ENTRIES)) {
  let code = readFileSync(join(outDir, `${file}.js`), 'utf8');
  for (const known of KNOWN_RELATIVE) code = code.replaceAll(`new URL("${known}", import.meta.url)`, '');
  // Packages are found from dist/server/ as from server/: up to the root's node_modules.
  code = code.replaceAll('createRequire(import.meta.url)', '');
  const unknown = /.{0,60}(import\.meta|__dirname|__filename).{0,60}/.exec(code);
  if (unknown) {
    console.error(`dist/server/${file}.js: ${unknown[0]}\nAdd the file it finds to BESIDE in scripts/build-server.ts.`);
    process.exit(1);
  }
}
for (const { to } of BESIDE) {
  if (!existsSync(join(outDir, to))) throw new Error(`dist/server/${to} missing`);
}

// The data directory of an empty, migrated embedded database, which a server on a new
// DATA_DIR unpacks instead of running initdb (server/db/pglite-template.ts).
const empty = await openDatabase({ dataDir: 'memory' });
if (empty.jobs.kind !== 'pglite') throw new Error('expected PGlite');
// The job queue's schema and queues too (pg-boss makes them at its first start); sending only,
// so no job runs and the copy holds no rows of this build's.
const queue = await startJobQueue(empty, {
  onError: (error) => {
    throw error;
  },
});
await queue.stop();
// Checkpointed first: a copy whose changes are still only in the WAL would replay them at
// every new server's first start.
await empty.jobs.client.exec('checkpoint');
const tarball = await empty.jobs.client.dumpDataDir('gzip');
writeFileSync(join(outDir, TEMPLATE), Buffer.from(await tarball.arrayBuffer()));
await empty.close();

const bytes = Object.entries(result.metafile.outputs)
  .filter(([name]) => name.endsWith('.js'))
  .map(([name, output]) => `${name.replace(/^dist\/server\//, '')} ${(output.bytes / 1024).toFixed(0)} KB`);
console.log(`Server compiled to dist/server/: ${bytes.join(', ')}`);
