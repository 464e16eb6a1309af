import { request } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { rateLimits } from '../../server/db/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { fixture, multipartBody } from './helpers/multipart';
import { pdfWithCatalog, plainPdf } from './helpers/pdf-build';
import { createTestApp, type TestApp } from './helpers/test-app';
import { fetchFile, jpegFile, photo, postRaw, resetUploadLimits, signUp, storedCount, upload } from './helpers/uploads';

const pdf = (bytes: Buffer) => ({ name: 'doc.pdf', type: 'application/pdf', bytes });

/** The start of an iPhone photo: an ISO-BMFF ftyp box with the heic brand. */
const heic = () => {
  const ftyp = Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1');
  return { name: 'IMG_0001.HEIC', type: 'image/heic', bytes: Buffer.concat([ftyp, Buffer.alloc(4000, 7)]) };
};

describe.each(backends)('hostile uploads on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    token = await signUp(t, 'hostile');
  });
  afterAll(() => t.close());
  beforeEach(() => resetUploadLimits(t));

  const refusedWith = async (res: { statusCode: number; json(): unknown }, status: number, error: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code: 0, data: { error } });
  };

  it('refuses JPEGs of 2 to 7 bytes as unreadable, storing nothing', async () => {
    const before = await storedCount(t);
    const jpeg = fixture('passport.jpg');
    for (let n = 2; n <= 7; n += 1) {
      const res = await upload(t, token, 'passport', jpegFile(jpeg.subarray(0, n)));
      expect(res.statusCode, `${n} bytes`).toBe(400);
      expect(['IMAGE_UNREADABLE', 'FILE_TYPE']).toContain(res.json<{ data: { error: string } }>().data.error);
    }
    expect(await storedCount(t)).toBe(before);
  });

  it('refuses a truncated JPEG and PNG with a clear message', async () => {
    const jpeg = fixture('passport.jpg');
    const res = await upload(t, token, 'passport', jpegFile(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))));
    await refusedWith(res, 400, 'IMAGE_UNREADABLE');
    expect(res.json<{ msg: string }>().msg).toBe('图片已损坏或不完整，请重新拍照或选择其他图片');
    const png = fixture('address-proof.png');
    await refusedWith(
      await upload(t, token, 'address_proof', {
        name: 'a.png',
        type: 'image/png',
        bytes: png.subarray(0, Math.floor(png.length * 0.7)),
      }),
      400,
      'IMAGE_UNREADABLE',
    );
  });

  it('refuses a 48 KB PNG that would decode to 20000x20000 pixels', async () => {
    const bomb = fixture('bomb-20000x20000.png');
    expect(bomb.length).toBeLessThan(50_000);
    const before = await storedCount(t);
    await refusedWith(
      await upload(t, token, 'address_proof', { name: 'bomb.png', type: 'image/png', bytes: bomb }),
      400,
      'IMAGE_TOO_LARGE',
    );
    expect(await storedCount(t)).toBe(before);
  });

  it('refuses images too small to read, in Japanese too', async () => {
    const res = await upload(t, token, 'passport', jpegFile(await photo(199, 400)), 'ja');
    await refusedWith(res, 400, 'IMAGE_TOO_SMALL');
    expect(res.json<{ msg: string }>().msg).toContain('200×200');
    expect((await upload(t, token, 'passport', jpegFile(await photo(200, 200)))).json()).toMatchObject({ code: 1 });
  });

  it('refuses HEIC with advice to choose a JPG instead of failing', async () => {
    const res = await upload(t, token, 'passport', heic());
    await refusedWith(res, 400, 'FILE_HEIC');
    expect(res.json<{ msg: string }>().msg).toContain('JPG');
  });

  it('keeps PDFs that run scripts, act on opening, launch programs or carry files only as pictures', async () => {
    const hostile = [
      pdfWithCatalog('/OpenAction 6 0 R', ['<< /S /JavaScript /JS (app.alert(1)) >>']),
      pdfWithCatalog('/OpenAction << /S /Launch /F (calc.exe) >>'),
      pdfWithCatalog('/Names << /EmbeddedFiles 6 0 R >>', ['<< /Names [(a.exe) 7 0 R] >>', '<< /Type /Filespec >>']),
      pdfWithCatalog('/OpenAction 6 0 R', ['<< /S /J#61vaScript /J#53 (app.alert(1)) >>']),
    ];
    for (const bytes of hostile) {
      const res = await upload(t, token, 'address_proof', pdf(bytes));
      expect(res.json()).toMatchObject({ code: 1, data: { mime: 'image/jpeg' } });
      const served = await fetchFile(t, res.json<{ data: { id: string } }>().data.id, token);
      expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      for (const word of ['%PDF', 'JavaScript', 'J#61vaScript', 'Launch', 'calc.exe', 'EmbeddedFiles'])
        expect(served.rawPayload.includes(word), word).toBe(false);
    }
  });

  it('keeps a plain PDF as the picture of its page, shown in place', async () => {
    const res = await upload(t, token, 'address_proof', pdf(plainPdf(1)));
    expect(res.json()).toMatchObject({ code: 1, data: { mime: 'image/jpeg' } });
    const served = await fetchFile(t, res.json<{ data: { id: string } }>().data.id, token);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a PDF without pages as unreadable, in Japanese too', async () => {
    const before = await storedCount(t);
    const empty = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    );
    const res = await upload(t, token, 'address_proof', pdf(empty), 'ja');
    await refusedWith(res, 400, 'PDF_UNREADABLE');
    expect(res.json<{ msg: string }>().msg).toContain('PDF');
    expect(await storedCount(t)).toBe(before);
  });

  it('answers malformed multipart with a 4xx envelope and stores nothing', async () => {
    const before = await storedCount(t);
    const good = multipartBody({ kind: 'passport' }, jpegFile(fixture('passport.jpg')));
    const filePart = (b: string) =>
      Buffer.concat([
        Buffer.from(
          `--${b}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        fixture('passport.jpg'),
        Buffer.from('\r\n'),
      ]);
    const twoFiles = Buffer.concat([
      Buffer.from('--B\r\nContent-Disposition: form-data; name="kind"\r\n\r\npassport\r\n'),
      filePart('B'),
      filePart('B'),
      Buffer.from('--B--\r\n'),
    ]);
    const zero = multipartBody({ kind: 'passport' }, jpegFile(Buffer.alloc(0)));
    const cases: Array<[string, string, Buffer | string]> = [
      ['no boundary', 'multipart/form-data', good.payload],
      ['cut short', good.contentType, good.payload.subarray(0, Math.floor(good.payload.length / 2))],
      ['cut in the headers', good.contentType, good.payload.subarray(0, 60)],
      ['wrong boundary', 'multipart/form-data; boundary=nothere', good.payload],
      ['wrong field', good.contentType, good.payload.toString('latin1').replace('name="file"', 'name="photo"')],
      ['two files', 'multipart/form-data; boundary=B', twoFiles],
      ['zero-byte file', zero.contentType, zero.payload],
      ['empty body', good.contentType, ''],
    ];
    for (const [name, type, body] of cases) {
      const res = await postRaw(t, token, type, body);
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.json(), name).toMatchObject({ code: 0 });
    }
    expect(await storedCount(t)).toBe(before);
  });

  it('lets an account have 2 uploads in flight; the third gets 429 with Retry-After', async () => {
    // A real socket: the body arrives in two parts, the second only when the test says.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stalled = () => {
      const body = multipartBody({ kind: 'passport' }, jpegFile(fixture('passport.jpg')));
      const req = request(`${address}/api/common/upload`, {
        method: 'POST',
        headers: { 'content-type': body.contentType, 'content-length': body.payload.length, token },
      });
      const answer = new Promise<{ statusCode: number }>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0 }));
        });
        req.on('error', reject);
      });
      req.write(body.payload.subarray(0, 200));
      return { answer, finish: () => req.end(body.payload.subarray(200)) };
    };
    const first = stalled();
    const second = stalled();
    // Both hold their slot once their headers have been read: wait for that, then try a third.
    const inFlight = async () =>
      (
        await t.app.db
          .select({ count: rateLimits.count })
          .from(rateLimits)
          .where(eq(rateLimits.bucket, 'upload:inflight'))
      )[0]?.count ?? 0;
    for (let i = 0; i < 100 && (await inFlight()) < 2; i += 1) await new Promise((r) => setTimeout(r, 20));
    const third = await upload(t, token, 'passport', jpegFile(fixture('passport.jpg')));
    await refusedWith(third, 429, 'UPLOAD_BUSY');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    first.finish();
    second.finish();
    expect((await first.answer).statusCode).toBe(200);
    expect((await second.answer).statusCode).toBe(200);
    expect((await upload(t, token, 'passport', jpegFile(fixture('passport.jpg')))).statusCode).toBe(200);
  });

  it('does not store 40 parallel uploads from one account', async () => {
    const before = await storedCount(t);
    const big = Buffer.concat([fixture('passport.jpg'), Buffer.alloc(1024 * 1024)]);
    const answers = await Promise.all(Array.from({ length: 40 }, () => upload(t, token, 'passport', jpegFile(big))));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.statusCode === 429))
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    expect((await storedCount(t)) - before).toBe(statuses.filter((s) => s === 200).length);
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(40);
  });

  it('allows 30 files a day, then answers 429 with the wait, in the customer language', async () => {
    const small = jpegFile(await photo(300, 300));
    for (let i = 0; i < 30; i += 1) expect((await upload(t, token, 'passport', small)).statusCode).toBe(200);
    const refused = await upload(t, token, 'passport', small, 'ja');
    await refusedWith(refused, 429, 'UPLOAD_QUOTA');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(refused.json<{ msg: string }>().msg).toContain(`${wait} 秒後`);
  });

  it('refuses a file that would pass 150 MB today', async () => {
    await t.app.db.execute(sql`insert into rate_limits (bucket, key, window_start, count, amount)
      select 'upload:day', id::text, now(), 3, ${150 * 1024 * 1024 - 1000} from users where username = 'hostile'`);
    await refusedWith(await upload(t, token, 'passport', jpegFile(fixture('passport.jpg'))), 429, 'UPLOAD_QUOTA');
  });

  it('forgets in-flight counts left by a process that died', async () => {
    await t.app.db.execute(sql`insert into rate_limits (bucket, key, window_start, count)
      select 'upload:inflight', id::text, now() - interval '10 minutes', 2 from users where username = 'hostile'`);
    expect((await upload(t, token, 'passport', jpegFile(fixture('passport.jpg')))).statusCode).toBe(200);
  });
});
