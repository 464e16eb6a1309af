import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DocumentKind } from '../../contract/order-status.js';
import type { Database } from '../db/client.js';
import { documents } from '../db/schema.js';
import type { StorageProvider } from '../lib/storage/storage-provider.js';
import { decrypt, encrypt, keyId, type DocumentKeys } from '../lib/document-crypto.js';
import { cleanDocument, renderPdf } from './document-content.js';
import { withDecodeSlot } from './decode-slots.js';

export interface DocumentVault {
  db: Database;
  storage: StorageProvider;
  /** DOCUMENT_KEY, and DOCUMENT_KEY_PREVIOUS while a rotation runs. */
  key: DocumentKeys;
}

export interface StoredDocument {
  id: string;
  kind: DocumentKind;
  mime: string;
  size: number;
}

/**
 * Cleans the bytes (see cleanDocument), then stores them encrypted under a server-made name.
 * `bytes` may be a reader (an upload's spool): it is read only once a decode slot is free,
 * so uploads waiting their turn hold none of their bytes in memory.
 */
export async function storeDocument(
  vault: DocumentVault,
  userId: number,
  kind: DocumentKind,
  bytes: Buffer | (() => Promise<Buffer>),
): Promise<StoredDocument> {
  const clean = await withDecodeSlot(async () =>
    cleanDocument(kind, typeof bytes === 'function' ? await bytes() : bytes),
  );
  const id = randomUUID();
  await vault.storage.put(id, encrypt(vault.key, clean.bytes));
  await vault.db
    .insert(documents)
    .values({ id, userId, kind, mime: clean.mime, size: clean.bytes.length, keyId: keyId(vault.key.current) });
  return { id, kind, mime: clean.mime, size: clean.bytes.length };
}

/**
 * What may be shown of a stored document. A PDF stored as it came (before uploads were drawn
 * to pictures) is drawn now, the same way, so no PDF is ever served; one that cannot be drawn
 * is refused with the reason, as its upload would be today.
 */
export async function viewable(doc: { mime: string; bytes: Buffer }): Promise<{ mime: string; bytes: Buffer }> {
  if (doc.mime !== 'application/pdf') return doc;
  return { mime: 'image/jpeg', bytes: await withDecodeSlot(() => renderPdf(doc.bytes)) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The owner's document, decrypted; anyone else gets the same "not found" as for no document. */
export async function readDocument(
  vault: DocumentVault,
  userId: number,
  id: string,
): Promise<{ mime: string; bytes: Buffer } | null> {
  if (!UUID.test(id)) return null;
  const [row] = await vault.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .limit(1);
  if (!row) return null;
  const sealed = await vault.storage.get(id);
  if (!sealed) return null;
  return { mime: row.mime, bytes: decrypt(vault.key, sealed) };
}

/** Which of these ids are the user's documents, with their kinds. */
export async function ownedDocuments(db: Database, userId: number, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const id of new Set(ids.filter((i) => UUID.test(i)))) {
    const [row] = await db
      .select({ kind: documents.kind })
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.userId, userId)))
      .limit(1);
    if (row) out.set(id, row.kind);
  }
  return out;
}

/** Whether any customer has a document with this id (to tell someone else's file from none). */
export async function documentExists(db: Database, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [row] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, id)).limit(1);
  return row !== undefined;
}
