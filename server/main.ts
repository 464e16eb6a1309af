import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedIfEmpty } from './db/seed.js';
import { markServerRunning } from './ops/server-lock.js';

// A configuration refusal is a message for whoever deploys, not a crash: no stack trace.
const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
})();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await seedIfEmpty(database.db);
const releaseLock = config.DATABASE_URL ? () => undefined : markServerRunning(config.DATA_DIR);

const app = await buildApp({
  database,
  config,
  staticDir: config.STATIC_DIR,
  pageRenderer: config.SSR_BUNDLE,
  // Request lines carry method, route pattern and status only (server/lib/log-serializers.ts):
  // no query strings, headers or addresses.
  logger: { level: config.LOG_LEVEL },
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let the ones in flight finish, then close the database.
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await app.close();
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
const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
// PUBLIC_URL, not the port: under `npm run dev` the pages are Vite's, on its own port.
app.log.info(`Open ${config.PUBLIC_URL}/h5/ (database: ${where})`);
if (config.HOST === '127.0.0.1' || config.HOST === 'localhost') {
  app.log.info('Listening on this machine only; to open it from a phone on the same network: HOST=0.0.0.0 npm start');
}
if (config.SANDBOX)
  app.log.warn('SANDBOX=1: stand-in payments, sign-in, SMS and mail; every page shows the test-mode ribbon');
