import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An upload received to disk, waiting to be checked. */
export interface Spool {
  size: number;
  /** The received bytes, decrypted; held in memory only while being checked. */
  read(): Promise<Buffer>;
  dispose(): Promise<void>;
}

export class SpoolTooLargeError extends Error {
  constructor() {
    super('upload too large');
    this.name = 'SpoolTooLargeError';
  }
}

/**
 * Receives a body to a temporary file as it arrives, so a slow or large upload holds a
 * few chunks of memory, not the whole file. The file is encrypted with a key that lives
 * only in this process: an identity document never lies on disk in clear, even briefly.
 */
const PREFIX = 'sim-upload-';

/**
 * Removes spool files a crashed process left behind. Their key died with the process, so
 * they can never be read; this only gives the disk space back.
 */
export async function sweepStaleSpools(folder = tmpdir(), olderThanMs = 3600_000): Promise<number> {
  let removed = 0;
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (!name.startsWith(PREFIX)) continue;
    const path = join(folder, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > olderThanMs) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}

export async function spoolUpload(source: Readable, maxBytes: number, folder = tmpdir()): Promise<Spool> {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const path = join(folder, `${PREFIX}${randomUUID()}`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? new SpoolTooLargeError() : null, chunk);
    },
  });
  const dispose = () => rm(path, { force: true });
  try {
    await pipeline(source, counter, createCipheriv('aes-256-ctr', key, iv), createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    size,
    async read() {
      // Decrypted chunk by chunk into one buffer of the known size: the file is in memory
      // once, not read whole and then copied (CTR keeps the length).
      const out = Buffer.allocUnsafe(size);
      const decipher = createDecipheriv('aes-256-ctr', key, iv);
      let at = 0;
      for await (const chunk of createReadStream(path)) at += decipher.update(chunk as Buffer).copy(out, at);
      at += decipher.final().copy(out, at);
      if (at !== size) throw new Error('upload spool changed size while being read');
      return out;
    },
    dispose,
  };
}
