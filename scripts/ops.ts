// npm run ops -- <command>: staff commands against the configured database.
import { userInfo } from 'node:os';
import { loadConfigOrExit } from '../server/config.js';
import { useBrand } from '../server/lib/messages.js';
import { openDatabase } from '../server/db/client.js';
import { HELP, runCommand } from '../server/ops/cli.js';
import { OpsError } from '../server/staff/operations.js';
import { refuseWhileServerRuns } from '../server/ops/server-lock.js';
import { serverUrlFor } from '../server/ops/server-url.js';
import { createDocumentStorage } from '../server/lib/storage/create-storage.js';
import { documentKeys } from '../server/lib/document-crypto.js';
import { createEsimDeps } from '../server/esim/index.js';
import { pino } from 'pino';

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv[0] === 'help') {
  console.log(HELP);
  process.exit(0);
}
const config = loadConfigOrExit();
useBrand(config.BRAND);
if (!config.DATABASE_URL) refuseWhileServerRuns(config.DATA_DIR);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const key = documentKeys(config);
const vault = { db: database.db, storage: createDocumentStorage(config), key };
const esim = createEsimDeps(config, database.db, key, pino({ level: 'warn' }));
let code = 0;
try {
  console.log(
    await runCommand(argv, {
      db: database.db,
      vault,
      actor: process.env.OPS_USER || userInfo().username,
      publicUrl: serverUrlFor(config),
      esim,
      keepNumberFee: config.KEEP_NUMBER_FEE,
      progress: (line) => console.log(line),
    }),
  );
} catch (error) {
  code = 1;
  console.error(error instanceof OpsError ? `error: ${error.message}` : error);
} finally {
  await database.close();
}
process.exit(code);
