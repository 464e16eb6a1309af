import { constants } from 'node:fs';
import { mkdir, open, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { s3Sdk } from './s3-sdk.js';

/**
 * Usage files (the carrier's CSV exports) waiting to be imported: a local folder by default,
 * a prefix in the bucket by configuration. The importer lists, reads each file, and says how
 * it went; the file then leaves the inbox for processed/ or failed/, so it is read once.
 */
export interface UsageInbox {
  /** Names of the files waiting, sorted: only `*.csv` directly in the inbox. */
  list(): Promise<string[]>;
  /** The file's text (UTF-8, a byte-order mark dropped); refused over 20 MB or when not UTF-8. */
  read(name: string): Promise<string>;
  /** Moves the file to processed/ (ok) or failed/ (not ok); one of that name there is replaced. */
  done(name: string, ok: boolean): Promise<void>;
}

export const USAGE_FILE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * What a waiting file may be called: one plain name, no folder, nothing hidden. Names that a
 * path or an S3 key could be built into something else with ("..", "/", "\", control
 * characters) never match; a file named otherwise is not offered and stays where it is.
 */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._ ()-]{0,200}\.csv$/i;

export function isUsageFileName(name: string): boolean {
  return NAME.test(name);
}

function checked(name: string): string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new Error(`not a usage file name: ${JSON.stringify(name)}`);
  }
  return name;
}

function tooLarge(name: string): Error {
  return new Error(`usage file ${name} is over ${USAGE_FILE_MAX_BYTES / 1024 / 1024} MB`);
}

function text(name: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`usage file ${name} is not UTF-8 text`);
  }
}

/** The inbox as a folder; processed/ and failed/ are folders inside it. */
export function diskUsageInbox(folder: string): UsageInbox {
  const pathOf = (name: string) => join(folder, checked(name));
  return {
    async list() {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const entries = await readdir(folder, { withFileTypes: true });
      // isFile() is false for a symbolic link: a link cannot pull in a file from elsewhere.
      return entries
        .filter((entry) => entry.isFile() && NAME.test(entry.name))
        .map((entry) => entry.name)
        .sort();
    },
    async read(name) {
      const handle = await open(pathOf(name), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new Error(`usage file ${name} is not a file`);
        if (info.size > USAGE_FILE_MAX_BYTES) throw tooLarge(name);
        const bytes = await handle.readFile();
        // It may have grown between the two looks.
        if (bytes.length > USAGE_FILE_MAX_BYTES) throw tooLarge(name);
        return text(name, bytes);
      } finally {
        await handle.close();
      }
    },
    async done(name, ok) {
      const from = pathOf(name);
      const to = join(folder, ok ? 'processed' : 'failed');
      await mkdir(to, { recursive: true, mode: 0o700 });
      await rename(from, join(to, name));
    },
  };
}

/** An S3 key in the form CopySource wants it: each segment URL-encoded, the slashes kept. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * The inbox as a prefix in a bucket (`usage/incoming/`); done files move beside it, to
 * `usage/processed/` or `usage/failed/` (copy, then delete the original).
 */
export function s3UsageInbox(client: S3Client, bucket: string, prefix = 'usage/incoming/'): UsageInbox {
  const inbox = prefix.endsWith('/') ? prefix : `${prefix}/`;
  const parent = inbox.replace(/[^/]*\/$/, '');
  const processed = `${parent}processed/`;
  const failed = `${parent}failed/`;
  if (inbox === processed || inbox === failed) {
    throw new Error(`the usage inbox ${inbox} cannot also be where done files go`);
  }
  const keyOf = (name: string) => `${inbox}${checked(name)}`;
  return {
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        // The delimiter keeps anything in a deeper "folder" out of the listing.
        const page = await client.send(
          new (s3Sdk().ListObjectsV2Command)({
            Bucket: bucket,
            Prefix: inbox,
            Delimiter: '/',
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(inbox.length) ?? '';
          if (NAME.test(name)) names.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names.sort();
    },
    async read(name) {
      const answer = await client.send(new (s3Sdk().GetObjectCommand)({ Bucket: bucket, Key: keyOf(name) }));
      const body = answer.Body;
      if (!body) throw new Error(`usage file ${name} has no body`);
      if ((answer.ContentLength ?? 0) > USAGE_FILE_MAX_BYTES) {
        if (body instanceof Readable) body.destroy();
        throw tooLarge(name);
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      // Counted as it arrives too, should the length above be missing or wrong.
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > USAGE_FILE_MAX_BYTES) throw tooLarge(name);
        chunks.push(chunk);
      }
      return text(name, Buffer.concat(chunks));
    },
    async done(name, ok) {
      const from = keyOf(name);
      await client.send(
        new (s3Sdk().CopyObjectCommand)({
          Bucket: bucket,
          Key: `${ok ? processed : failed}${name}`,
          CopySource: `${bucket}/${encodeKey(from)}`,
        }),
      );
      await client.send(new (s3Sdk().DeleteObjectCommand)({ Bucket: bucket, Key: from }));
    },
  };
}
