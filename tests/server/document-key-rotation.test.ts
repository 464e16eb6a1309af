import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { documents, esimProfiles, staff } from '../../server/db/schema';
import {
  missingKeysRefusal,
  rotateDocumentKeys,
  rotationBatch,
  rotationRemaining,
  type RotationDeps,
} from '../../server/documents/index';
import { seal, unseal } from '../../server/esim/profiles';
import { decrypt, encrypt, keyId, sealedKeyId, sealedPrefix } from '../../server/lib/document-crypto';
import type { StorageProvider } from '../../server/lib/storage/storage-provider';
import { backends, freshDatabase, type TestDatabase } from './helpers/databases';
import type { TestApp } from './helpers/test-app';
import { fetchFile, jpegFile, photo, upload } from './helpers/uploads';
import { postForm, type SignedInBody } from './helpers/requests';

const b64 = (key: Buffer) => key.toString('base64');

/** How a value was sealed before key ids: [IV][tag][ciphertext], no head. */
function legacySeal(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

describe('DOCUMENT_KEY_PREVIOUS in the configuration', () => {
  const key = b64(randomBytes(32));
  const env = (previous: string, current: string | undefined = key) =>
    loadConfig({ NODE_ENV: 'test', DOCUMENT_KEY: current, DOCUMENT_KEY_PREVIOUS: previous });

  it('takes a comma-separated list of old keys', () => {
    expect(env(`${b64(randomBytes(32))}, ${b64(randomBytes(32))}`).DOCUMENT_KEY_PREVIOUS).toContain(',');
  });

  it('refuses a malformed key, naming its place and never its value', () => {
    const short = b64(randomBytes(16));
    expect(() => env(`${b64(randomBytes(32))},${short}`)).toThrow(
      'Invalid configuration: DOCUMENT_KEY_PREVIOUS: key 2 of 2 is not base64 of 32 bytes',
    );
    expect(() => env(short)).not.toThrow(short);
    expect(() => env('not a key')).toThrow(/key 1 of 1 is not base64 of 32 bytes/);
  });

  it('refuses old keys without a current one, and the current key listed as old', () => {
    expect(() => env(b64(randomBytes(32)), '')).toThrow(/DOCUMENT_KEY_PREVIOUS needs DOCUMENT_KEY set/);
    expect(() => env(key)).toThrow(/key 1 of 1 is DOCUMENT_KEY itself/);
  });
});

describe.each(backends)('rotating DOCUMENT_KEY on %s', (backend) => {
  const keyA = randomBytes(32);
  const keyB = randomBytes(32);
  const dataDir = mkdtempSync(join(tmpdir(), 'sim-rotation-'));
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  /** Document id → the bytes its owner was given before any rotation. */
  const seen = new Map<string, Buffer>();
  const matching = new Map<number, string>();
  let staffId: number;

  const start = async (current: Buffer, previous: Buffer[] = []) => {
    await app?.close();
    app = await buildApp({
      database: database.handle,
      config: loadConfig({
        NODE_ENV: 'test',
        PUBLIC_URL: 'http://sim.test',
        DATA_DIR: dataDir,
        DOCUMENT_KEY: b64(current),
        DOCUMENT_KEY_PREVIOUS: previous.map(b64).join(','),
      }),
    });
  };
  // The upload helpers take a TestApp; they only use its app.
  const t = () => ({ app }) as unknown as TestApp;
  const deps = (storage: StorageProvider = app.documents.storage): RotationDeps => ({
    db: app.db,
    storage,
    key: app.documents.key,
  });

  /** Every document through the customer's own read path, as it was first given back. */
  async function allOpen() {
    for (const [id, bytes] of seen) {
      const res = await fetchFile(t(), id, token);
      expect(res.statusCode, id).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    for (const [id, text] of matching) {
      const [row] = await app.db.select().from(esimProfiles).where(eq(esimProfiles.id, id));
      expect(unseal(app.documents.key, row!.matchingIdSealed)).toBe(text);
    }
    const [row] = await app.db.select().from(staff).where(eq(staff.id, staffId));
    expect(unseal(app.documents.key, row!.totpSecret!)).toBe('JBSWY3DPEHPK3PXP');
  }

  beforeAll(async () => {
    database = await freshDatabase(backend);
    await start(keyA);
    const res = await postForm<SignedInBody>(app, '/api/user/register', {
      username: `rotor-${backend}`,
      email: `rotor-${backend}@example.com`,
      password: 'rotate123',
      repassword: 'rotate123',
    });
    token = res.body.data.userinfo.token;
    for (let i = 0; i < 5; i += 1) {
      const sent = await upload(t(), token, 'residence_front', jpegFile(await photo(400 + i, 300)));
      const { id } = sent.json().data as { id: string };
      seen.set(id, (await fetchFile(t(), id, token)).rawPayload);
    }
    // One document stored before key ids: no head in the file, no key id in its row.
    const [first] = seen.keys();
    const [old] = await app.db.select().from(documents).where(eq(documents.id, first!));
    const legacyId = '00000000-0000-4000-8000-000000000001';
    await app.db.insert(documents).values({ ...old!, id: legacyId, keyId: null });
    await app.documents.storage.put(legacyId, legacySeal(keyA, seen.get(first!)!));
    seen.set(legacyId, seen.get(first!)!);
    // eSIM codes sealed with A (one as before key ids) and a staff authenticator secret.
    for (const [n, sealed] of [
      [1, seal(keyA, 'MATCH-ONE')],
      [2, legacySeal(keyA, Buffer.from('MATCH-TWO')).toString('base64')],
    ] as const) {
      const [row] = await app.db
        .insert(esimProfiles)
        .values({
          iccid: `898100000000000000${n}`,
          smdpAddress: 'smdp.example',
          matchingIdSealed: sealed,
          importedBy: 't',
        })
        .returning();
      matching.set(row!.id, n === 1 ? 'MATCH-ONE' : 'MATCH-TWO');
    }
    const [member] = await app.db
      .insert(staff)
      .values({
        login: `keeper-${backend}`,
        name: 'K',
        role: 'admin',
        passwordHash: 'x',
        totpSecret: seal(keyA, 'JBSWY3DPEHPK3PXP'),
      })
      .returning();
    staffId = member!.id;
  });
  afterAll(async () => {
    await app?.close();
    await database.drop();
  });

  it('stores what A seals with A named in the file and in the row', async () => {
    const rows = await app.db.select().from(documents);
    expect(rows.filter((r) => r.keyId === keyId(keyA))).toHaveLength(5);
    for (const id of seen.keys()) {
      const sealed = await app.documents.storage.get(id);
      expect(sealedKeyId(sealed!)).toBe(id.startsWith('00000000') ? null : keyId(keyA));
    }
    await allOpen();
  });

  it('with B current and A previous, everything still opens before the job runs', async () => {
    await start(keyB, [keyA]);
    await allOpen();
    expect(await rotationRemaining(deps())).toEqual({ document: 6, 'esim-profile': 2, 'staff-totp': 1 });
  });

  it('a runner stopped after one batch leaves everything readable, and the next run finishes', async () => {
    const first = await rotationBatch(deps(), 'document', null, 2);
    expect(first.resealed).toBe(2);
    // Killed between writing a file and updating its row: the file already names B.
    const [pending] = await app.db
      .select()
      .from(documents)
      .where(eq(documents.keyId, keyId(keyA)))
      .limit(1);
    const bytes = await app.documents.storage.get(pending!.id);
    await app.documents.storage.put(pending!.id, encrypt(app.documents.key, decrypt(app.documents.key, bytes!)));
    expect((await rotationRemaining(deps())).document).toBe(4);
    await allOpen();
  });

  it('two runners at once share the work: each value is sealed again once', async () => {
    const puts: string[] = [];
    const counting = (): StorageProvider => {
      const inner = app.documents.storage;
      return { ...inner, put: (id, bytes) => (puts.push(id), inner.put(id, bytes)) };
    };
    const [one, two] = await Promise.all([
      rotateDocumentKeys(deps(counting()), { batchSize: 1 }),
      rotateDocumentKeys(deps(counting()), { batchSize: 1 }),
    ]);
    // 4 documents were left, one of them already written under B: 3 files written, 4 rows, 2 profiles, 1 secret.
    expect(one.resealed + two.resealed).toBe(7);
    expect(puts).toHaveLength(3);
    expect(new Set(puts).size).toBe(3);
    expect(one.unreadable).toEqual([]);
    expect(two.unreadable).toEqual([]);
    expect(await rotationRemaining(deps())).toEqual({ document: 0, 'esim-profile': 0, 'staff-totp': 0 });
    // Run again: nothing left to do.
    expect((await rotateDocumentKeys(deps())).resealed).toBe(0);
  });

  it('leaves every stored value sealed with B, and A can go', async () => {
    for (const id of seen.keys()) expect(sealedKeyId((await app.documents.storage.get(id))!)).toBe(keyId(keyB));
    for (const row of await app.db.select().from(documents)) expect(row.keyId).toBe(keyId(keyB));
    for (const row of await app.db.select().from(esimProfiles))
      expect(row.matchingIdSealed.startsWith(sealedPrefix(keyB))).toBe(true);
    await start(keyB);
    expect(app.documents.key.previous).toEqual([]);
    await allOpen();
    expect(await missingKeysRefusal(deps())).toBeNull();
  });

  it('a key removed too early stops the server with its id; an unopenable file is reported, not deleted', async () => {
    const keyC = randomBytes(32);
    const [row] = await app.db.select().from(documents).limit(1);
    const stray = '00000000-0000-4000-8000-000000000002';
    await app.db.insert(documents).values({ ...row!, id: stray, keyId: keyId(keyC) });
    await app.documents.storage.put(stray, encrypt(keyC, Buffer.from('sealed elsewhere')));
    expect(await missingKeysRefusal(deps())).toContain(
      `key ${keyId(keyC)} (first 8 hex digits of its SHA-256): 1 stored value`,
    );
    const report = await rotateDocumentKeys(deps());
    expect(report.unreadable).toEqual([{ kind: 'document', id: stray, reason: `needs key ${keyId(keyC)}` }]);
    expect(report.remaining).toBe(1);
    expect(await app.documents.storage.get(stray)).not.toBeNull();
    expect(await app.db.select().from(documents).where(eq(documents.id, stray))).toHaveLength(1);
  });
});
