import { loadConfigOrExit } from './config.js';
import { openDatabase } from './db/client.js';
import { startBackgroundWork } from './jobs/index.js';
import { refuseWithoutDocumentKeys } from './documents/index.js';
import { documentKeys } from './lib/document-crypto.js';

// `npm run worker`: the background jobs alone, for deployments that run web servers with
// WORKERS=off. Any number may run against one PostgreSQL database; each job runs once.

function line(level: 'info' | 'error', object: object, message: string) {
  const safe = JSON.stringify(object, (_key, value: unknown) =>
    value instanceof Error ? { message: value.message } : value,
  );
  console[level === 'error' ? 'error' : 'log'](
    JSON.stringify({ level, time: Date.now(), msg: message, ...JSON.parse(safe) }),
  );
}
const log = {
  info: (o: object, m: string) => line('info', o, m),
  error: (o: object, m: string) => line('error', o, m),
};

const config = loadConfigOrExit();
if (!config.DATABASE_URL) {
  console.error(
    'npm run worker needs DATABASE_URL: the embedded database belongs to one process (npm start runs the workers itself).',
  );
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await refuseWithoutDocumentKeys(database, documentKeys(config));
const queue = await startBackgroundWork(config, database, { work: true, log });
log.info({}, 'worker running');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'worker stopping: running jobs finish or go back to the queue');
  await queue.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
