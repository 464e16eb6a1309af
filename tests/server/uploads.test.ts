import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../contract/limits';
import { backends } from './helpers/databases';
import { fixture, jpegWithExif } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';
import {
  fetchFile,
  jpegFile,
  resetUploadLimits,
  signUp,
  storedCount,
  upload as send,
  type UploadFile,
} from './helpers/uploads';

describe.each(backends)('document uploads on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    token = await signUp(t, 'uploader');
    otherToken = await signUp(t, 'stranger');
  });
  afterAll(() => t.close());
  beforeEach(() => resetUploadLimits(t));

  const upload = (kind: string, file: UploadFile, auth: string | null = token) => send(t, auth, kind, file);

  it('re-encodes a photo as JPEG and gives it back only to its owner, shown in place', async () => {
    const res = await upload('residence_front', jpegFile(fixture('residence-front.jpg'), 'front.jpg'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 1, data: { kind: 'residence_front', mime: 'image/jpeg' } });
    const mine = await fetchFile(t, body.data.id, token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['content-disposition']).toBe('inline');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(mine.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 760 });
    const theirs = await fetchFile(t, body.data.id, otherToken);
    expect(theirs.statusCode).toBe(404);
  });

  it('stores a PNG document as a JPEG, encrypted on disk', async () => {
    const png = fixture('address-proof.png');
    const res = await upload('address_proof', { name: 'bill.png', type: 'image/png', bytes: png });
    expect(res.json().data.mime).toBe('image/jpeg');
    const { id } = res.json().data as { id: string };
    const sealed = await t.app.documents.storage.get(id);
    const plain = (await fetchFile(t, id, token)).rawPayload;
    expect(sealed).not.toBeNull();
    expect(sealed!.includes(plain.subarray(0, 64))).toBe(false);
    expect(sealed!.subarray(28, 31).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
  });

  it('removes EXIF from a stored JPEG', async () => {
    const tagged = jpegWithExif(fixture('passport.jpg'));
    expect(tagged.includes(Buffer.from('GPS 35.7303N'))).toBe(true);
    const res = await upload('passport', jpegFile(tagged, 'passport.jpg'));
    const stored = await fetchFile(t, res.json().data.id, token);
    expect(stored.rawPayload.includes(Buffer.from('GPS 35.7303N'))).toBe(false);
    expect(stored.rawPayload.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(stored.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it('turns a photo taken sideways upright and forgets its orientation tag', async () => {
    // 1200x760 pixels tagged "rotate 90°": upright it is 760 wide and 1200 high.
    const sideways = await sharp(fixture('passport.jpg')).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const res = await upload('passport', jpegFile(sideways));
    const stored = await fetchFile(t, res.json().data.id, token);
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([760, 1200, undefined, undefined]);
  });

  it('keeps a drawn signature a PNG', async () => {
    const res = await upload('signature', {
      name: 'signature.png',
      type: 'image/png',
      bytes: fixture('address-proof.png'),
    });
    expect(res.json()).toMatchObject({ code: 1, data: { mime: 'image/png' } });
    const jpeg = await upload('signature', jpegFile(fixture('passport.jpg')));
    expect(jpeg.json()).toMatchObject({ code: 0, data: { error: 'FILE_TYPE' } });
  });

  it('refuses a text file named .jpg, with a clear message', async () => {
    const res = await upload('residence_back', jpegFile(Buffer.from('just some text, not a photo')));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 0, msg: '仅支持 JPG、PNG 图片或 PDF 文件', data: { error: 'FILE_TYPE' } });
  });

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte with 413, storing nothing', async () => {
    const base = fixture('residence-back.jpg');
    // A real JPEG padded after its end marker: still a JPEG that decodes.
    const exact = Buffer.concat([base, Buffer.alloc(UPLOAD_MAX_BYTES - base.length)]);
    const ok = await upload('residence_back', jpegFile(exact));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().code).toBe(1);
    const before = await storedCount(t);
    const over = await upload('residence_back', jpegFile(Buffer.concat([exact, Buffer.alloc(1)])));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 0, msg: '文件不能超过 10M', data: { error: 'PAYLOAD_TOO_LARGE' } });
    expect(await storedCount(t)).toBe(before);
  });

  it('needs a token: an anonymous upload gets 401', async () => {
    const res = await upload('passport', jpegFile(fixture('passport.jpg')), null);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('请先登录');
  });

  it('refuses an unknown document kind', async () => {
    const res = await upload('selfie', jpegFile(fixture('passport.jpg')));
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for ids that are not documents', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', '../../etc/passwd']) {
      expect((await fetchFile(t, encodeURIComponent(id), token)).statusCode).toBe(404);
    }
  });
});
