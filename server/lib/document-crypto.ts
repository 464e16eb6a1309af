import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { previousKeysProblem } from '../config.js';

// AES-256-GCM: [2-byte mark "K1"][4-byte key id][12-byte IV][16-byte tag][ciphertext]. The tag
// makes a tampered file fail to open instead of showing altered content; the key id says which
// key sealed it, so a key can be rotated (jobs: document-key-rotation.ts) while old ones still
// open what they sealed. Sealed before rotation existed: [IV][tag][ciphertext], no mark.

const MARK = Buffer.from('K1');
const HEAD = MARK.length + 4;

/** The current key, which seals, and the keys it replaced, which only open (DOCUMENT_KEY_PREVIOUS). */
export interface DocumentKeys {
  readonly current: Buffer;
  readonly previous: readonly Buffer[];
}

/** A bare key is a ring of one. */
export type KeyRing = Buffer | DocumentKeys;

const ids = new WeakMap<Buffer, string>();

/** A key's short public name: the first 8 hex digits of its SHA-256 (never the key itself). */
export function keyId(key: Buffer): string {
  let id = ids.get(key);
  if (id === undefined) {
    id = createHash('sha256').update(key).digest('hex').slice(0, 8);
    ids.set(key, id);
  }
  return id;
}

const ring = (keys: KeyRing): DocumentKeys => (Buffer.isBuffer(keys) ? { current: keys, previous: [] } : keys);

/** Every key of the ring, the current one first. */
export const allKeys = (keys: KeyRing): Buffer[] => {
  const r = ring(keys);
  return [r.current, ...r.previous];
};

/** The key id written in a sealed value's head, or null for one sealed before key ids. */
export function sealedKeyId(sealed: Buffer): string | null {
  if (sealed.length < HEAD + 28 || !sealed.subarray(0, MARK.length).equals(MARK)) return null;
  return sealed.subarray(MARK.length, HEAD).toString('hex');
}

/** The start of the base64 text of any value `key` seals: how a database column is searched for it. */
export function sealedPrefix(key: Buffer): string {
  // 6 bytes are exactly 8 base64 digits, none shared with the random IV that follows.
  return Buffer.concat([MARK, Buffer.from(keyId(key), 'hex')]).toString('base64');
}

/** Sealed with a key the ring does not hold (its id is in the message): not a damaged value. */
export class MissingDocumentKey extends Error {
  constructor(readonly keyId: string) {
    super(`sealed with document key ${keyId}, which is neither DOCUMENT_KEY nor in DOCUMENT_KEY_PREVIOUS`);
  }
}

function open(key: Buffer, body: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, 12));
  decipher.setAuthTag(body.subarray(12, 28));
  return Buffer.concat([decipher.update(body.subarray(28)), decipher.final()]);
}

/** Sealed with the ring's current key, its id in the head. */
export function encrypt(keys: KeyRing, plain: Buffer): Buffer {
  const key = ring(keys).current;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MARK, Buffer.from(keyId(key), 'hex'), iv, cipher.getAuthTag(), body]);
}

/**
 * Opens with the key the head names (one try); a value without a head is tried with each key,
 * the current one first. Throws MissingDocumentKey when the head names a key not in the ring.
 */
export function decrypt(keys: KeyRing, sealed: Buffer): Buffer {
  const candidates = allKeys(keys);
  const named = sealedKeyId(sealed);
  if (named !== null) {
    const key = candidates.find((k) => keyId(k) === named);
    if (key) {
      try {
        return open(key, sealed.subarray(HEAD));
      } catch {
        // An old value whose random IV happens to start like a head (one in 2^48): tried below.
      }
    }
  }
  let failure: unknown;
  for (const key of candidates) {
    try {
      return open(key, sealed);
    } catch (error) {
      failure = error;
    }
  }
  if (named !== null && !candidates.some((k) => keyId(k) === named)) throw new MissingDocumentKey(named);
  throw failure;
}

/**
 * The key from DOCUMENT_KEY (base64, 32 bytes). Without it, development keeps a generated
 * key beside the data so documents stay readable across restarts; production refuses.
 */
export function documentKey(configured: string | undefined, dataDir: string, production: boolean): Buffer {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('DOCUMENT_KEY must be 32 bytes, base64-encoded');
    return key;
  }
  if (production) throw new Error('DOCUMENT_KEY is required in production');
  if (dataDir === 'memory') return randomBytes(32);
  const file = join(dataDir, 'document.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** DOCUMENT_KEY (see documentKey) with the keys of DOCUMENT_KEY_PREVIOUS, which only open. */
export function documentKeys(config: {
  DOCUMENT_KEY?: string | undefined;
  DOCUMENT_KEY_PREVIOUS?: string | undefined;
  DATA_DIR: string;
  NODE_ENV: string;
}): DocumentKeys {
  const current = documentKey(config.DOCUMENT_KEY, config.DATA_DIR, config.NODE_ENV === 'production');
  const problem = previousKeysProblem(config.DOCUMENT_KEY_PREVIOUS, config.DOCUMENT_KEY);
  if (problem) throw new Error(problem);
  const previous = (config.DOCUMENT_KEY_PREVIOUS ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => Buffer.from(v, 'base64'));
  return { current, previous };
}
