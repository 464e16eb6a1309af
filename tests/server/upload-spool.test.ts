import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { spoolUpload, SpoolTooLargeError, sweepStaleSpools } from '../../server/documents/upload-spool';

const chunks = (n: number, size: number) =>
  Readable.from(Array.from({ length: n }, (_, i) => Buffer.alloc(size, i + 1)));

describe('upload spool', () => {
  it('keeps the bytes on disk encrypted and gives them back whole', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'spool-'));
    const secret = Buffer.from('PASSPORT NO TZ1234567 '.repeat(100));
    const spool = await spoolUpload(Readable.from([secret.subarray(0, 1000), secret.subarray(1000)]), 10_000, folder);
    const [name] = readdirSync(folder);
    expect(readFileSync(join(folder, name!)).includes(Buffer.from('TZ1234567'))).toBe(false);
    expect((await spool.read()).equals(secret)).toBe(true);
    expect(spool.size).toBe(secret.length);
    await spool.dispose();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('stops at the cap and leaves no file behind', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'spool-'));
    await expect(spoolUpload(chunks(20, 1000), 10_000, folder)).rejects.toBeInstanceOf(SpoolTooLargeError);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('sweeps spool files a crashed process left, and only those', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'spool-'));
    for (const name of ['sim-upload-old', 'sim-upload-new', 'other-old']) writeFileSync(join(folder, name), 'x');
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(folder, 'sim-upload-old'), hoursAgo, hoursAgo);
    utimesSync(join(folder, 'other-old'), hoursAgo, hoursAgo);
    expect(await sweepStaleSpools(folder)).toBe(1);
    expect(readdirSync(folder).sort()).toEqual(['other-old', 'sim-upload-new']);
  });
});
