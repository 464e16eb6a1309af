import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, esimProfiles } from '../../server/db/schema';
import { runCommand } from '../../server/ops/cli';
import { sampleEsimStock } from '../../server/ops/seed-demo';
import { OpsError } from '../../server/staff/operations';
import { backends } from './helpers/databases';
import { createTestApp, type TestApp } from './helpers/test-app';

const SAMPLE = join(__dirname, '..', '..', 'docs', 'samples', 'esim-profiles-sandbox.csv');

describe.each(backends)('ops esim-import on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const run = (argv: string[]) =>
    runCommand(argv, { db: t.app.db, vault: t.app.documents, actor: 'ops1', esim: t.app.esim });

  it('imports the sandbox sample once, audits counts only, and the demo seed leaves a stocked database alone', async () => {
    expect(await run(['esim-import', SAMPLE])).toMatch(/imported 30 profiles, skipped 0/);
    expect(await run(['esim-import', SAMPLE])).toMatch(/imported 0 profiles, skipped 30/);
    expect(await t.app.db.select().from(esimProfiles)).toHaveLength(30);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'esim-import'));
    expect(audits.map((a) => [a.actor, a.detail])).toEqual([
      ['staff:ops1', { imported: 30, skipped: 0, errors: 0, assigned: 0 }],
      ['staff:ops1', { imported: 0, skipped: 30, errors: 0, assigned: 0 }],
    ]);
    expect(await sampleEsimStock(t.app.esim)).toBe(0);
  });

  it('names the bad lines of a refused file and imports nothing', async () => {
    const bad = join(__dirname, '..', '..', 'package.json');
    const error = await run(['esim-import', bad]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpsError);
    expect((error as OpsError).key).toBe('PROFILE_CSV_HEADER');
    const rows = join(mkdtempSync(join(tmpdir(), 'esim-')), 'bad.csv');
    writeFileSync(
      rows,
      'iccid,smdp_address,matching_id,confirmation_code\n8981300000000999991,smdp.sandbox.example.com,K2-A,\n123,x,y,\n',
    );
    const refused = await run(['esim-import', rows]).catch((e: unknown) => e);
    expect((refused as OpsError).message).toMatch(/nothing imported:\n {2}line 3: ICCID_INVALID/);
    expect(await t.app.db.select().from(esimProfiles).where(eq(esimProfiles.iccid, '8981300000000999991'))).toEqual([]);
  });
});
