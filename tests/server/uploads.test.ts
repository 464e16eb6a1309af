import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../contract/limits';
import { stripJpeg, stripPng } from '../../server/services/strip-metadata';
import { backends } from './helpers/databases';
import { fixture, jpegWithExif, multipartBody } from './helpers/multipart';
import { postForm, type SignedInBody } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

describe.each(backends)('document uploads on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const signUp = async (n: string) =>
      (await postForm<SignedInBody>(t.app, '/api/user/register', { username: n, email: `${n}@example.com`, password: 'upload123', repassword: 'upload123' })).body.data.userinfo.token;
    token = await signUp('uploader');
    otherToken = await signUp('stranger');
  });
  afterAll(() => t.close());

  const upload = (kind: string, file: { name: string; type: string; bytes: Buffer }, auth: string | null = token) => {
    const { payload, contentType } = multipartBody({ kind }, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      payload,
      headers: { 'content-type': contentType, 'accept-language': 'zh-cn', ...(auth ? { token: auth } : {}) },
    });
  };
  const fetchFile = (id: string, auth: string) =>
    t.app.inject({ method: 'GET', url: `/api/common/file?id=${id}`, headers: { token: auth } });

  it('stores a photo and gives it back only to its owner, byte for byte', async () => {
    const jpeg = fixture('residence-front.jpg');
    const res = await upload('residence_front', { name: 'front.jpg', type: 'image/jpeg', bytes: jpeg });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 1, data: { kind: 'residence_front', mime: 'image/jpeg' } });
    const mine = await fetchFile(body.data.id, token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.rawPayload.equals(stripJpeg(jpeg))).toBe(true);
    const theirs = await fetchFile(body.data.id, otherToken);
    expect(theirs.statusCode).toBe(404);
  });

  it('keeps files encrypted on disk', async () => {
    const png = fixture('address-proof.png');
    const res = await upload('address_proof', { name: 'bill.png', type: 'image/png', bytes: png });
    const { id } = res.json().data as { id: string };
    const sealed = await t.app.documents.storage.get(id);
    expect(sealed).not.toBeNull();
    expect(sealed!.includes(png.subarray(0, 64))).toBe(false);
    expect(sealed!.subarray(28, 36).equals(png.subarray(0, 8))).toBe(false);
  });

  it('removes EXIF from a stored JPEG', async () => {
    const tagged = jpegWithExif(fixture('passport.jpg'));
    expect(tagged.includes(Buffer.from('GPS 35.7303N'))).toBe(true);
    const res = await upload('passport', { name: 'passport.jpg', type: 'image/jpeg', bytes: tagged });
    const stored = await fetchFile(res.json().data.id, token);
    expect(stored.rawPayload.includes(Buffer.from('GPS 35.7303N'))).toBe(false);
    expect(stored.rawPayload.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(stored.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });

  it('refuses a text file named .jpg, with a clear message', async () => {
    const res = await upload('residence_back', { name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('just some text, not a photo') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, msg: '仅支持 JPG、PNG、HEIC 图片或 PDF 文件', data: { error: 'FILE_TYPE' } });
  });

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte with 413', async () => {
    const base = fixture('residence-back.jpg');
    // A real JPEG padded after its end marker: still sniffed as JPEG.
    const exact = Buffer.concat([base, Buffer.alloc(UPLOAD_MAX_BYTES - base.length)]);
    const ok = await upload('residence_back', { name: 'big.jpg', type: 'image/jpeg', bytes: exact });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().code).toBe(1);
    const over = await upload('residence_back', { name: 'big.jpg', type: 'image/jpeg', bytes: Buffer.concat([exact, Buffer.alloc(1)]) });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 0, msg: '文件不能超过 10M', data: { error: 'PAYLOAD_TOO_LARGE' } });
  });

  it('needs a token: an anonymous upload gets 401', async () => {
    const res = await upload('passport', { name: 'p.jpg', type: 'image/jpeg', bytes: fixture('passport.jpg') }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('请先登录');
  });

  it('refuses an unknown document kind', async () => {
    const res = await upload('selfie', { name: 'p.jpg', type: 'image/jpeg', bytes: fixture('passport.jpg') });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for ids that are not documents', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', '../../etc/passwd']) {
      expect((await fetchFile(encodeURIComponent(id), token)).statusCode).toBe(404);
    }
  });
});

describe('metadata stripping', () => {
  it('drops PNG text chunks and keeps the image chunks', () => {
    const png = fixture('address-proof.png');
    const text = Buffer.from('tEXtComment\0secret place', 'latin1');
    const chunk = Buffer.alloc(12 + text.length - 4);
    chunk.writeUInt32BE(text.length - 4, 0);
    text.copy(chunk, 4);
    const tagged = Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
    const clean = stripPng(tagged);
    expect(clean.includes(Buffer.from('secret place'))).toBe(false);
    expect(clean.equals(png)).toBe(true);
  });
});
