import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// AES-256-GCM: [12-byte IV][16-byte tag][ciphertext]. The tag makes a tampered file fail
// to open instead of showing altered content.

export function encrypt(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function decrypt(key: Buffer, sealed: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
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
