import type { DatabaseHandle } from '../db/client.js';
import type { DocumentKeys } from '../lib/document-crypto.js';
import { missingKeysRefusal } from './key-rotation.js';

/**
 * For the processes' entry points: a key removed before the rotation job finished would make
 * every read of what it sealed fail, so the process says which key and stops instead.
 */
export async function refuseWithoutDocumentKeys(database: DatabaseHandle, key: DocumentKeys): Promise<void> {
  const refusal = await missingKeysRefusal({ db: database.db, key });
  if (!refusal) return;
  console.error(refusal);
  await database.close();
  process.exit(1);
}
