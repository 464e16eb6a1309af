import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { documents } from '../../server/db/schema';
import { rotationRemaining } from '../../server/documents/index';
import { startBackgroundWork } from '../../server/jobs/workers';
import { keyId } from '../../server/lib/document-crypto';
import { runCommand } from '../../server/ops/cli';
import { backends, freshDatabase, type TestDatabase } from './helpers/databases';
import { postForm, type SignedInBody } from './helpers/requests';
import type { TestApp } from './helpers/test-app';
import { fetchFile, jpegFile, photo, upload } from './helpers/uploads';

// The two ways a rotation runs: the background job the sweep sends while DOCUMENT_KEY_PREVIOUS
// is set, and the operator's command.

const b64 = (key: Buffer) => key.toString('base64');

describe.each(backends)('the document key rotation as a job and a command on %s', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sim-rotation-'));
  const keys = [randomBytes(32), randomBytes(32), randomBytes(32)] as const;
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  const ids: string[] = [];
  const env = (current: Buffer, previous: Buffer[]) => ({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://sim.test',
    DATA_DIR: dataDir,
    DOCUMENT_KEY: b64(current),
    DOCUMENT_KEY_PREVIOUS: previous.map(b64).join(','),
  });
  const start = async (current: Buffer, previous: Buffer[] = []) => {
    await app?.close();
    app = await buildApp({ database: database.handle, config: loadConfig(env(current, previous)) });
  };
  const t = () => ({ app }) as unknown as TestApp;
  const allOpen = async () => {
    for (const id of ids) expect((await fetchFile(t(), id, token)).statusCode).toBe(200);
  };
  const keyIds = async () => new Set((await app.db.select().from(documents)).map((r) => r.keyId));

  beforeAll(async () => {
    database = await freshDatabase(backend);
    await start(keys[0]);
    const res = await postForm<SignedInBody>(app, '/api/user/register', {
      username: `keyjob-${backend}`,
      email: `keyjob-${backend}@example.com`,
      password: 'rotate123',
      repassword: 'rotate123',
    });
    token = res.body.data.userinfo.token;
    for (let i = 0; i < 3; i += 1) {
      const sent = await upload(t(), token, 'signature', {
        name: 's.png',
        type: 'image/png',
        bytes: await photo(60 + i, 30, 'png'),
      });
      ids.push((sent.json().data as { id: string }).id);
    }
    await upload(t(), token, 'residence_back', jpegFile(await photo(500, 320)));
    ids.push((await app.db.select().from(documents)).map((r) => r.id).find((id) => !ids.includes(id))!);
  });
  afterAll(async () => {
    await app?.close();
    await database.drop();
  });

  it('a worker re-encrypts while the old key is listed, and says how it went', async () => {
    await start(keys[1], [keys[0]]);
    const lines: Record<string, unknown>[] = [];
    const queue = await startBackgroundWork(
      loadConfig({ ...env(keys[1], [keys[0]]), SWEEP_INTERVAL_SECONDS: '1' }),
      database.handle,
      {
        work: true,
        pollingIntervalSeconds: 0.5,
        log: { info: (o, m) => m === 'document key rotation' && lines.push(o as never), error: () => undefined },
      },
    );
    try {
      const deadline = Date.now() + 20_000;
      while ((await rotationRemaining(app.documents)).document > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await queue.stop(5_000);
    }
    expect(await keyIds()).toEqual(new Set([keyId(keys[1])]));
    expect(lines[0]).toMatchObject({ resealed: 4, remaining: 0, unreadable: 0 });
    await start(keys[1]);
    await allOpen();
  });

  it('the ops command counts, rotates with progress, and says when the old key may go', async () => {
    await start(keys[2], [keys[1]]);
    const progress: string[] = [];
    const deps = { db: app.db, vault: app.documents, actor: 'ops1', progress: (l: string) => progress.push(l) };
    expect(await runCommand(['rotate-document-key', '--check'], deps)).toBe(
      'not yet under the current key: document 4, esim-profile 0, staff-totp 0',
    );
    await expect(runCommand(['rotate-document-key', '--batch', '0'], deps)).rejects.toThrow(/--batch/);
    const out = await runCommand(['rotate-document-key', '--batch', '3'], deps);
    expect(out).toContain('4 sealed again with the current key; 0 remaining');
    expect(out).toContain('DOCUMENT_KEY_PREVIOUS may be removed');
    expect(progress).toEqual(['3 sealed again, 1 remaining', '4 sealed again, 0 remaining']);
    expect(await runCommand(['rotate-document-key'], deps)).toContain(
      '0 sealed again with the current key; 0 remaining',
    );
    expect(await keyIds()).toEqual(new Set([keyId(keys[2])]));
    await start(keys[2]);
    await allOpen();
  });
});
