// npm run seed:demo: a demo customer who shows every personal-center page at once.
import { formatPhone } from '../contract/line-rules.js';
import { loadConfig } from '../server/config.js';
import { useBrand } from '../server/lib/messages.js';
import { openDatabase } from '../server/db/client.js';
import { seedIfEmpty } from '../server/db/seed.js';
import { seedDemo } from '../server/ops/seed-demo.js';
import { refuseWhileServerRuns } from '../server/ops/server-lock.js';
import { serverUrlFor } from '../server/ops/server-url.js';
import { createDocumentStorage } from '../server/lib/storage/create-storage.js';
import { documentKeys } from '../server/lib/document-crypto.js';
import { createEsimDeps } from '../server/esim/index.js';
import { pino } from 'pino';

const config = loadConfig();
useBrand(config.BRAND);
if (!config.DATABASE_URL) refuseWhileServerRuns(config.DATA_DIR);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await seedIfEmpty(database.db);
const key = documentKeys(config);
const vault = { db: database.db, storage: createDocumentStorage(config), key };
// Sandbox eSIM stock (docs/samples/esim-profiles-sandbox.csv) for a database that has none.
const esim = createEsimDeps(config, database.db, key, pino({ level: 'warn' }));
const demo = await seedDemo(
  database.db,
  vault,
  new Date(),
  config.ESIM_MODE === 'sandbox' ? esim : undefined,
  config.KEEP_NUMBER_FEE,
);
await database.close();
console.log(`Demo customer ready. Log in at ${serverUrlFor(config)}/h5/pages/public/login with
  e-mail:   ${demo.email}
  password: ${demo.password}
  line:     ${formatPhone(demo.msisdn)}`);
