import { buildApp } from './app.js';
import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { seedIfEmpty } from './db/seed.js';
import { refuseWithoutDocumentKeys } from './documents/index.js';
import { documentKeys } from './lib/document-crypto.js';
import { startBackgroundWork, type WorkerDeps } from './jobs/index.js';
import { markServerRunning } from './ops/server-lock.js';
import { rememberServerUrl } from './ops/server-url.js';

const config = loadConfigOrExit();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await seedIfEmpty(database.db);
await refuseWithoutDocumentKeys(database, documentKeys(config));
const releaseLock = config.DATABASE_URL ? () => undefined : markServerRunning(config.DATA_DIR);

// The queue starts before the app so a request's messages can be handed to it; its workers
// (unless WORKERS=off, where `npm run worker` runs them) log through the app's logger once it exists.
let log: WorkerDeps['log'] = { info: () => undefined, error: (o, m) => console.error(m, o) };
const queue = await startBackgroundWork(config, database, {
  work: config.WORKERS === 'on',
  log: { info: (o, m) => log.info(o, m), error: (o, m) => log.error(o, m) },
});

const app = await buildApp({
  database,
  config,
  staticDir: config.STATIC_DIR,
  pageRenderer: config.SSR_BUNDLE,
  // Request lines carry method, route pattern and status only (server/lib/log-serializers.ts):
  // no query strings, headers or addresses.
  logger: { level: config.LOG_LEVEL },
  jobs: queue,
});
log = { info: (o, m) => app.log.info(o, m), error: (o, m) => app.log.error(o, m) };

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let the ones in flight finish, then close the database.
  const timer = setTimeout(() => process.exit(1), 15_000);
  timer.unref();
  try {
    await app.close();
    // Running jobs finish, or are handed back to the queue for another process.
    await queue.stop(8_000);
    await database.close();
    releaseLock();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
rememberServerUrl(config.DATA_DIR, config.PUBLIC_URL);
const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
// PUBLIC_URL, not the port: under `npm run dev` the pages are Vite's, on its own port.
app.log.info(`Open ${config.PUBLIC_URL}/h5/ (database: ${where})`);
if (config.HOST === '127.0.0.1' || config.HOST === 'localhost') {
  app.log.info('Listening on this machine only; to open it from a phone on the same network: HOST=0.0.0.0 npm start');
}
if (config.SANDBOX)
  app.log.warn('SANDBOX=1: stand-in payments, sign-in, SMS and mail; every page shows the test-mode ribbon');
