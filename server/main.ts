import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedIfEmpty } from './db/seed.js';
import { markServerRunning } from './ops/server-lock.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await seedIfEmpty(database.db);
const releaseLock = config.DATABASE_URL ? () => undefined : markServerRunning(config.DATA_DIR);

const app = await buildApp({
  database,
  config,
  staticDir: config.STATIC_DIR,
  pageRenderer: config.SSR_BUNDLE,
  logger: {
    level: config.LOG_LEVEL,
    redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie'],
  },
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
app.log.info(`Open http://localhost:${config.PORT}/h5/ (database: ${where})`);
