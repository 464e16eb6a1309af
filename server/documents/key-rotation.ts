import { and, asc, count, eq, gt, inArray, isNotNull, isNull, like, ne, notLike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { documents, esimProfiles, staff } from '../db/schema.js';
import {
  decrypt,
  encrypt,
  keyId,
  MissingDocumentKey,
  sealedKeyId,
  sealedPrefix,
  type DocumentKeys,
} from '../lib/document-crypto.js';
import type { StorageProvider } from '../lib/storage/storage-provider.js';

// Everything sealed with DOCUMENT_KEY, sealed again with the current key: identity documents
// (files or bucket objects, their row's key_id says which key), eSIM activation codes and staff
// TOTP secrets (sealed text in their rows, the key id in the text's head). Batches lock their rows
// (FOR UPDATE SKIP LOCKED), so any number of runners share the work without doing any twice, and
// each batch commits alone: a runner killed mid-way leaves every value readable and is resumed
// by running again. A value no configured key opens is reported and left as it is.

export interface RotationDeps {
  db: Database;
  storage: StorageProvider;
  key: DocumentKeys;
}

export type SealedKind = 'document' | 'esim-profile' | 'staff-totp';

export interface Unreadable {
  kind: SealedKind;
  id: string;
  /** `missing` (a row without its file), `needs key <id>`, or `no configured key opens it`. */
  reason: string;
}

export interface BatchResult {
  kind: SealedKind;
  /** Values now sealed with the current key. */
  resealed: number;
  unreadable: Unreadable[];
  /** Where the next batch of this kind starts; null when this kind is done for this run. */
  next: string | null;
}

/** A text column holding sealed values. */
type SealedColumn = PgColumn;

const why = (error: unknown): string =>
  error instanceof MissingDocumentKey ? `needs key ${error.keyId}` : 'no configured key opens it';

const current = (deps: RotationDeps) => keyId(deps.key.current);

/** Documents whose row does not name the current key (null: stored before key ids). */
const staleDocument = (deps: RotationDeps): SQL => or(isNull(documents.keyId), ne(documents.keyId, current(deps)))!;

async function documentBatch(deps: RotationDeps, after: string | null, size: number): Promise<BatchResult> {
  const now = current(deps);
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(staleDocument(deps), after ? gt(documents.id, after) : undefined))
      .orderBy(asc(documents.id))
      .limit(size)
      .for('update', { skipLocked: true });
    const done: string[] = [];
    const unreadable: Unreadable[] = [];
    for (const { id } of rows) {
      const sealed = await deps.storage.get(id);
      if (!sealed) {
        unreadable.push({ kind: 'document', id, reason: 'missing' });
        continue;
      }
      // Written by a runner that died before its row was updated: only the row is left to do.
      if (sealedKeyId(sealed) !== now) {
        let plain: Buffer;
        try {
          plain = decrypt(deps.key, sealed);
        } catch (error) {
          unreadable.push({ kind: 'document', id, reason: why(error) });
          continue;
        }
        // Replaces the file whole (a rename on disk, one PUT in a bucket): a reader finds the
        // old bytes or the new, and either names the key that opens it.
        await deps.storage.put(id, encrypt(deps.key, plain));
      }
      done.push(id);
    }
    if (done.length > 0) await tx.update(documents).set({ keyId: now }).where(inArray(documents.id, done));
    return { kind: 'document', resealed: done.length, unreadable, next: rows.at(-1)?.id ?? null };
  });
}

/** The same text when the current key sealed it, else sealed again; throws when no key opens it. */
function reseal(deps: RotationDeps, text: string): string {
  if (text.startsWith(sealedPrefix(deps.key.current))) return text;
  return encrypt(deps.key, decrypt(deps.key, Buffer.from(text, 'base64'))).toString('base64');
}

const notCurrent = (deps: RotationDeps, column: SealedColumn) =>
  and(isNotNull(column), notLike(column, `${sealedPrefix(deps.key.current)}%`))!;

const staleProfile = (deps: RotationDeps) =>
  or(notCurrent(deps, esimProfiles.matchingIdSealed), notCurrent(deps, esimProfiles.confirmationCodeSealed))!;

async function profileBatch(deps: RotationDeps, after: string | null, size: number): Promise<BatchResult> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: esimProfiles.id,
        matching: esimProfiles.matchingIdSealed,
        confirmation: esimProfiles.confirmationCodeSealed,
      })
      .from(esimProfiles)
      .where(and(staleProfile(deps), after ? gt(esimProfiles.id, Number(after)) : undefined))
      .orderBy(asc(esimProfiles.id))
      .limit(size)
      .for('update', { skipLocked: true });
    let resealed = 0;
    const unreadable: Unreadable[] = [];
    for (const row of rows) {
      try {
        const matchingIdSealed = reseal(deps, row.matching);
        const confirmationCodeSealed = row.confirmation === null ? null : reseal(deps, row.confirmation);
        await tx
          .update(esimProfiles)
          .set({ matchingIdSealed, confirmationCodeSealed })
          .where(eq(esimProfiles.id, row.id));
        resealed += 1;
      } catch (error) {
        unreadable.push({ kind: 'esim-profile', id: String(row.id), reason: why(error) });
      }
    }
    const last = rows.at(-1);
    return { kind: 'esim-profile', resealed, unreadable, next: last ? String(last.id) : null };
  });
}

async function staffBatch(deps: RotationDeps, after: string | null, size: number): Promise<BatchResult> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: staff.id, secret: staff.totpSecret })
      .from(staff)
      .where(and(notCurrent(deps, staff.totpSecret), after ? gt(staff.id, Number(after)) : undefined))
      .orderBy(asc(staff.id))
      .limit(size)
      .for('update', { skipLocked: true });
    let resealed = 0;
    const unreadable: Unreadable[] = [];
    for (const row of rows) {
      try {
        await tx
          .update(staff)
          .set({ totpSecret: reseal(deps, row.secret!) })
          .where(eq(staff.id, row.id));
        resealed += 1;
      } catch (error) {
        unreadable.push({ kind: 'staff-totp', id: String(row.id), reason: why(error) });
      }
    }
    const last = rows.at(-1);
    return { kind: 'staff-totp', resealed, unreadable, next: last ? String(last.id) : null };
  });
}

const BATCHES: Record<SealedKind, (deps: RotationDeps, after: string | null, size: number) => Promise<BatchResult>> = {
  document: documentBatch,
  'esim-profile': profileBatch,
  'staff-totp': staffBatch,
};

/** One batch of one kind: what a test stops after to play a runner killed mid-way. */
export const rotationBatch = (deps: RotationDeps, kind: SealedKind, after: string | null, size = 20) =>
  BATCHES[kind](deps, after, size);

/** How many values are not yet sealed with the current key, unreadable ones included. */
export async function rotationRemaining(deps: RotationDeps): Promise<Record<SealedKind, number>> {
  const [docs] = await deps.db.select({ n: count() }).from(documents).where(staleDocument(deps));
  const [profiles] = await deps.db.select({ n: count() }).from(esimProfiles).where(staleProfile(deps));
  const [secrets] = await deps.db.select({ n: count() }).from(staff).where(notCurrent(deps, staff.totpSecret));
  return { document: docs?.n ?? 0, 'esim-profile': profiles?.n ?? 0, 'staff-totp': secrets?.n ?? 0 };
}

export interface RotationReport {
  resealed: number;
  remaining: number;
  unreadable: Unreadable[];
  /** False when the time budget ran out first: the next run goes on. */
  finished: boolean;
}

export interface RotationOptions {
  batchSize?: number;
  /** Stop starting batches after this (a background job's share of a minute). */
  deadline?: Date;
  /** After every batch: the running total and what is left. */
  onProgress?: (progress: { resealed: number; remaining: number }) => void;
}

/**
 * Goes once through everything sealed with DOCUMENT_KEY and seals again what another key
 * sealed. Idempotent: run again after a crash, or beside another runner, it does only what is
 * left. Unreadable values are listed, never deleted.
 */
export async function rotateDocumentKeys(deps: RotationDeps, options: RotationOptions = {}): Promise<RotationReport> {
  let resealed = 0;
  const unreadable: Unreadable[] = [];
  const total = async () => Object.values(await rotationRemaining(deps)).reduce((a, b) => a + b, 0);
  for (const kind of Object.keys(BATCHES) as SealedKind[]) {
    let after: string | null = null;
    do {
      if (options.deadline && Date.now() >= options.deadline.getTime())
        return { resealed, remaining: await total(), unreadable, finished: false };
      const batch = await rotationBatch(deps, kind, after, options.batchSize);
      resealed += batch.resealed;
      unreadable.push(...batch.unreadable);
      after = batch.next;
      if (batch.resealed > 0 && options.onProgress) options.onProgress({ resealed, remaining: await total() });
    } while (after !== null);
  }
  return { resealed, remaining: await total(), unreadable, finished: true };
}

/**
 * Keys that stored values name but this process does not hold, with how many values need each:
 * a server started without them would fail every read of those values. Values sealed before
 * key ids name no key and are not counted (the rotation job finds those).
 */
export async function missingDocumentKeys(deps: Pick<RotationDeps, 'db' | 'key'>): Promise<Map<string, number>> {
  const held = new Set([deps.key.current, ...deps.key.previous].map(keyId));
  const found = new Map<string, number>();
  const add = (id: string | null, n: number) => {
    if (id !== null && !held.has(id)) found.set(id, (found.get(id) ?? 0) + n);
  };
  const rows = await deps.db
    .select({ id: documents.keyId, n: count() })
    .from(documents)
    .where(isNotNull(documents.keyId))
    .groupBy(documents.keyId);
  for (const row of rows) add(row.id, row.n);
  // Any sealed text with a head starts with these two base64 digits: the mark and no key bits.
  const marked = `${sealedPrefix(deps.key.current).slice(0, 2)}%`;
  const head = (column: SealedColumn) => sql<string>`left(${column}, 8)`;
  const heads = [
    ...(await deps.db
      .select({ head: head(esimProfiles.matchingIdSealed), n: count() })
      .from(esimProfiles)
      .where(like(esimProfiles.matchingIdSealed, marked))
      .groupBy(head(esimProfiles.matchingIdSealed))),
    ...(await deps.db
      .select({ head: head(esimProfiles.confirmationCodeSealed), n: count() })
      .from(esimProfiles)
      .where(like(esimProfiles.confirmationCodeSealed, marked))
      .groupBy(head(esimProfiles.confirmationCodeSealed))),
    ...(await deps.db
      .select({ head: head(staff.totpSecret), n: count() })
      .from(staff)
      .where(like(staff.totpSecret, marked))
      .groupBy(head(staff.totpSecret))),
  ];
  // The head's 8 digits are its 6 bytes; padded to a sealed value's least length to be read as one.
  for (const row of heads) add(sealedKeyId(Buffer.concat([Buffer.from(row.head, 'base64'), Buffer.alloc(28)])), row.n);
  return found;
}

/** The message that stops a process whose keys cannot open what is stored, or null. */
export async function missingKeysRefusal(deps: Pick<RotationDeps, 'db' | 'key'>): Promise<string | null> {
  const missing = await missingDocumentKeys(deps);
  if (missing.size === 0) return null;
  return [
    'Refusing to start: stored documents were sealed with keys that are neither DOCUMENT_KEY nor in DOCUMENT_KEY_PREVIOUS:',
    ...[...missing].map(
      ([id, n]) => `  - key ${id} (first 8 hex digits of its SHA-256): ${n} stored value${n === 1 ? '' : 's'}`,
    ),
    'Put the key back in DOCUMENT_KEY_PREVIOUS and run `npm run ops -- rotate-document-key` (docs/operations.md).',
  ].join('\n');
}
