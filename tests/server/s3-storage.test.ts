// Documents and usage files in object storage, against a real S3-protocol server on 127.0.0.1:
// s3rver (the maintained @20minutes fork), which serves the S3 REST API over HTTP from a temp
// folder and checks each request's access key and SigV4 signature against its one account.
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { documents } from '../../server/db/schema';
import { createDocumentStorage, createUsageInbox } from '../../server/lib/storage/create-storage';
import { s3Client } from '../../server/lib/storage/s3-storage';
import { USAGE_FILE_MAX_BYTES, type UsageInbox } from '../../server/lib/storage/usage-inbox';
import { decrypt } from '../../server/lib/document-crypto';
import { readDocument } from '../../server/documents/documents';
import { fixture } from './helpers/multipart';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';
import { fetchFile, jpegFile, signUp, storedCount, upload } from './helpers/uploads';

// The package ships no types: the part of its API used here.
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  allowMismatchedSignatures: boolean;
  configureBuckets: { name: string }[];
}) => S3rverServer;

const DOCS_BUCKET = 'sim-documents';
const USAGE_BUCKET = 'sim-usage';
// s3rver's one account; another key is refused with 403 (and another secret too, where
// signatures are compared), as S3 would.
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

interface RunningS3 {
  server: S3rverServer;
  dir: string;
  endpoint: string;
  /** Looks at the buckets from outside the app, as staff or the carrier would. */
  client: S3Client;
}

async function startS3(bucket: string, compareSignatures: boolean): Promise<RunningS3> {
  const dir = mkdtempSync(join(tmpdir(), 'sim-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0, // a free port, chosen by the system
    directory: dir,
    silent: true,
    allowMismatchedSignatures: !compareSignatures,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = s3Client({
    bucket,
    endpoint,
    region: 'ap-northeast-1',
    forcePathStyle: true,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
  });
  return { server, dir, endpoint, client };
}

// Documents: every request's signature is checked. The usage inbox lists its prefix, and
// s3rver computes a bucket-level request's canonical path as "/bucket" where SDK v3 signs
// "/bucket/", so its server compares access keys only.
let docsS3: RunningS3;
let usageS3: RunningS3;
const documentKey = randomBytes(32);
const scratch: string[] = [];

function s3Env(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    S3_BUCKET: DOCS_BUCKET,
    S3_ENDPOINT: docsS3.endpoint,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    DOCUMENT_KEY: documentKey.toString('base64'),
    ...overrides,
  };
}

/** testConfig makes a temp DATA_DIR per call; remembered here to be removed afterwards. */
function config(env: Record<string, string> = {}): Config {
  const made = testConfig(env);
  scratch.push(made.DATA_DIR);
  return made;
}

async function objectBytes(s3: RunningS3, bucket: string, key: string): Promise<Buffer | null> {
  try {
    const answer = await s3.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  } catch (error) {
    if (error instanceof Error && error.name === 'NoSuchKey') return null;
    throw error;
  }
}

beforeAll(async () => {
  docsS3 = await startS3(DOCS_BUCKET, true);
  usageS3 = await startS3(USAGE_BUCKET, false);
});

afterAll(async () => {
  for (const s3 of [docsS3, usageS3]) {
    if (!s3) continue;
    s3.client.destroy();
    await s3.server.close();
    rmSync(s3.dir, { recursive: true, force: true });
  }
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('identity documents in object storage', () => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: s3Env() });
    scratch.push(t.app.config.DATA_DIR);
    owner = await signUp(t, 's3owner');
    stranger = await signUp(t, 's3stranger');
  });
  afterAll(() => t?.close());

  it('puts an uploaded document in the bucket encrypted, and gives it back to its owner only', async () => {
    const original = fixture('residence-front.jpg');
    const res = await upload(t, owner, 'residence_front', jpegFile(original, 'front.jpg'));
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data as { id: string };

    // In the bucket, under the documents prefix, and not on this machine's disk.
    const sealed = await objectBytes(docsS3, DOCS_BUCKET, `documents/${id}`);
    expect(sealed).not.toBeNull();
    const uploadsDir = join(t.app.config.DATA_DIR, 'uploads');
    expect(existsSync(uploadsDir) ? readdirSync(uploadsDir) : []).toEqual([]);

    const mine = await fetchFile(t, id, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    const image = mine.rawPayload;
    expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 760 });

    // What the bucket holds is no image: no JPEG start, neither the upload nor the re-encoded
    // photo, nor any run of its bytes; only the server's key opens it, into exactly that photo.
    const jpegMagic = Buffer.from([0xff, 0xd8, 0xff]);
    expect(sealed!.subarray(0, 3).equals(jpegMagic)).toBe(false);
    expect(sealed!.subarray(28, 31).equals(jpegMagic)).toBe(false);
    expect(sealed!.equals(image)).toBe(false);
    expect(sealed!.equals(original)).toBe(false);
    expect(sealed!.includes(image.subarray(0, 64))).toBe(false);
    expect(sealed!.includes(image.subarray(image.length - 64))).toBe(false);
    expect(decrypt(documentKey, sealed!).equals(image)).toBe(true);

    const theirs = await fetchFile(t, id, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.rawPayload.includes(image.subarray(0, 64))).toBe(false);
  });

  it('answers null for a document the bucket does not have', async () => {
    const storage = createDocumentStorage(t.app.config);
    expect(await storage.get('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('refuses keys the disk provider refuses, before asking the bucket', async () => {
    const storage = createDocumentStorage(t.app.config);
    for (const key of ['../documents/x', 'a/b', '', 'ABCDEFAB-0000-4000-8000-000000000000']) {
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('invalid storage key');
    }
  });

  it('reports wrong credentials and an unknown bucket as errors, never as a missing document', async () => {
    const res = await upload(t, owner, 'passport', jpegFile(fixture('passport.jpg')));
    const { id } = res.json().data as { id: string };
    const [row] = await t.app.db.select().from(documents).where(eq(documents.id, id));

    const wrongSecret = createDocumentStorage({ ...t.app.config, S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    await expect(wrongSecret.get(id)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const wrongKey = createDocumentStorage({ ...t.app.config, S3_ACCESS_KEY_ID: 'NOBODY' });
    await expect(wrongKey.get(id)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    const noBucket = createDocumentStorage({ ...t.app.config, S3_BUCKET: 'no-such-bucket' });
    await expect(noBucket.get(id)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(noBucket.put(id, Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' });

    // So the owner is told something failed rather than that the document is gone.
    const vault = { ...t.app.documents, storage: wrongSecret };
    await expect(readDocument(vault, row!.userId, id)).rejects.toThrow();
    expect((await readDocument(t.app.documents, row!.userId, id))?.mime).toBe('image/jpeg');
  });

  it('fails an upload when the bucket refuses it, and records no document', async () => {
    const broken = await createTestApp('pglite', { env: s3Env({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }) });
    scratch.push(broken.app.config.DATA_DIR);
    try {
      const token = await signUp(broken, 'brokenbucket');
      const res = await upload(broken, token, 'passport', jpegFile(fixture('passport.jpg')));
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.json()).toMatchObject({ code: 0 });
      expect(res.body).not.toContain('SignatureDoesNotMatch');
      expect(await storedCount(broken)).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe('storage configuration', () => {
  it('keeps documents on disk unless S3_BUCKET is set, and then needs DOCUMENT_KEY', () => {
    const local = config();
    expect(local.S3_BUCKET).toBe('');
    expect(local.USAGE_INBOX_DIR).toBe(join(local.DATA_DIR, 'usage-inbox'));
    expect(() => config({ S3_BUCKET: DOCS_BUCKET })).toThrow('DOCUMENT_KEY is required when S3_BUCKET is set');
    expect(() => config(s3Env({ S3_SECRET_ACCESS_KEY: '' }))).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  });

  it('addresses the bucket by path when an endpoint is given, unless told otherwise', () => {
    const custom = config(s3Env());
    expect([custom.S3_FORCE_PATH_STYLE, custom.S3_REGION, custom.S3_PREFIX]).toEqual([
      true,
      'ap-northeast-1',
      'documents/',
    ]);
    expect(config(s3Env({ S3_ENDPOINT: '' })).S3_FORCE_PATH_STYLE).toBe(false);
    expect(config(s3Env({ S3_FORCE_PATH_STYLE: 'false' })).S3_FORCE_PATH_STYLE).toBe(false);
    expect(config(s3Env({ S3_PREFIX: 'ids' })).S3_PREFIX).toBe('ids/');
    expect(config(s3Env({ USAGE_INBOX_PREFIX: 'carrier/in' })).USAGE_INBOX_PREFIX).toBe('carrier/in/');
  });
});

/** One way to look at an inbox from outside it, as the carrier and staff would. */
interface InboxPlace {
  inbox: UsageInbox;
  /** Drops a file into the inbox (path relative to it). */
  drop: (path: string, bytes: Buffer | string) => Promise<void>;
  /** A file's bytes where it now is, or null. */
  at: (where: 'incoming' | 'processed' | 'failed', name: string) => Promise<Buffer | null>;
}

const places: [string, () => Promise<InboxPlace>][] = [
  [
    'a bucket prefix',
    async () => {
      const inbox = createUsageInbox(config(s3Env({ S3_BUCKET: USAGE_BUCKET, S3_ENDPOINT: usageS3.endpoint })));
      const prefixes = { incoming: 'usage/incoming/', processed: 'usage/processed/', failed: 'usage/failed/' };
      return {
        inbox,
        async drop(path, bytes) {
          await usageS3.client.send(
            new PutObjectCommand({ Bucket: USAGE_BUCKET, Key: `usage/incoming/${path}`, Body: bytes }),
          );
        },
        at: (where, name) => objectBytes(usageS3, USAGE_BUCKET, `${prefixes[where]}${name}`),
      };
    },
  ],
  [
    'a local folder',
    async () => {
      const local = config();
      const dir = local.USAGE_INBOX_DIR;
      const inbox = createUsageInbox(local);
      // Made by the inbox on its first look, not before.
      expect(existsSync(dir)).toBe(false);
      expect(await inbox.list()).toEqual([]);
      expect(existsSync(dir)).toBe(true);
      return {
        inbox,
        async drop(path, bytes) {
          mkdirSync(join(dir, path, '..'), { recursive: true });
          writeFileSync(join(dir, path), bytes);
        },
        async at(where, name) {
          const file = where === 'incoming' ? join(dir, name) : join(dir, where, name);
          return existsSync(file) ? readFileSync(file) : null;
        },
      };
    },
  ],
];

describe.each(places)('the usage inbox in %s', (_label, open) => {
  let place: InboxPlace;
  beforeAll(async () => {
    place = await open();
  });

  it('lists only the csv files waiting, reads them, and moves each to processed or failed', async () => {
    const { inbox, drop, at } = place;
    await drop('b.csv', 'msisdn,bytes\n07012345678,2048\n');
    await drop('a.csv', '\uFEFFmsisdn,bytes\n07000000000,1\n');
    await drop('Usage 2026-11 (jp).csv', 'msisdn,bytes\n');
    await drop('notes.txt', 'not a usage file');
    await drop('.hidden.csv', 'half-uploaded');
    await drop('sub/deep.csv', 'in a sub-folder');
    await drop('processed/old.csv', 'done last month');

    expect(await inbox.list()).toEqual(['Usage 2026-11 (jp).csv', 'a.csv', 'b.csv']);
    expect(await inbox.read('a.csv')).toBe('msisdn,bytes\n07000000000,1\n');
    expect(await inbox.read('b.csv')).toBe('msisdn,bytes\n07012345678,2048\n');

    await inbox.done('a.csv', true);
    await inbox.done('Usage 2026-11 (jp).csv', false);
    expect(await inbox.list()).toEqual(['b.csv']);
    expect(await at('incoming', 'a.csv')).toBeNull();
    expect((await at('processed', 'a.csv'))?.toString()).toBe('\uFEFFmsisdn,bytes\n07000000000,1\n');
    expect(await at('incoming', 'Usage 2026-11 (jp).csv')).toBeNull();
    expect((await at('failed', 'Usage 2026-11 (jp).csv'))?.toString()).toBe('msisdn,bytes\n');

    await inbox.done('b.csv', true);
    expect(await inbox.list()).toEqual([]);
    await expect(inbox.done('b.csv', true)).rejects.toThrow();
    expect((await at('processed', 'b.csv'))?.toString()).toContain('07012345678');
  });

  it('refuses names that leave the inbox, and moves nothing for them', async () => {
    const { inbox, drop, at } = place;
    await drop('sub/inner.csv', 'deeper');
    for (const name of [
      '../secret.csv',
      '../../etc/passwd',
      'sub/inner.csv',
      '/etc/passwd.csv',
      '..\\x.csv',
      '..',
      '.csv',
      'a.csv\0.txt',
      'processed/old.csv',
      '',
    ]) {
      await expect(inbox.read(name), name).rejects.toThrow('not a usage file name');
      await expect(inbox.done(name, true), name).rejects.toThrow('not a usage file name');
    }
    expect(await at('incoming', 'sub/inner.csv')).not.toBeNull();
  });

  it('reads a file of 20 MB and refuses one byte more, leaving it waiting', async () => {
    const { inbox, drop, at } = place;
    const line = 'msisdn,bytes\n';
    const exact = Buffer.alloc(USAGE_FILE_MAX_BYTES, 'x');
    exact.write(line);
    await drop('exact.csv', exact);
    await drop('over.csv', Buffer.concat([exact, Buffer.from('x')]));
    expect((await inbox.read('exact.csv')).length).toBe(USAGE_FILE_MAX_BYTES);
    await expect(inbox.read('over.csv')).rejects.toThrow('over 20 MB');
    expect(await inbox.list()).toEqual(['exact.csv', 'over.csv']);
    await inbox.done('exact.csv', true);
    await inbox.done('over.csv', false);
    expect((await at('failed', 'over.csv'))?.length).toBe(USAGE_FILE_MAX_BYTES + 1);
  });

  it('refuses a file that is not UTF-8 instead of reading it garbled', async () => {
    const { inbox, drop } = place;
    // "テスト" in Shift_JIS.
    await drop('sjis.csv', Buffer.from([0x83, 0x65, 0x83, 0x58, 0x83, 0x67, 0x0a]));
    await expect(inbox.read('sjis.csv')).rejects.toThrow('not UTF-8');
    await inbox.done('sjis.csv', false);
  });
});

describe('the usage inbox in a local folder, against links', () => {
  it('does not list or read a link to a file elsewhere', async () => {
    const local = config();
    const inbox = createUsageInbox(local);
    await inbox.list();
    const outside = join(local.DATA_DIR, 'secret.csv');
    writeFileSync(outside, 'not for the importer');
    symlinkSync(outside, join(local.USAGE_INBOX_DIR, 'link.csv'));
    expect(await inbox.list()).toEqual([]);
    await expect(inbox.read('link.csv')).rejects.toThrow();
  });
});
