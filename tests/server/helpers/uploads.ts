import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { documents } from '../../../server/db/schema';
import { multipartBody } from './multipart';
import { postForm, type SignedInBody } from './requests';
import type { TestApp } from './test-app';

export async function signUp(t: TestApp, name: string): Promise<string> {
  const res = await postForm<SignedInBody>(t.app, '/api/user/register', {
    username: name,
    email: `${name}@example.com`,
    password: 'upload123',
    repassword: 'upload123',
  });
  return res.body.data.userinfo.token;
}

export type UploadFile = { name: string; type: string; bytes: Buffer };

/** POST /api/common/upload as the app sends it; `raw` replaces the whole body and type. */
export function upload(t: TestApp, token: string | null, kind: string, file: UploadFile, lang = 'zh-cn') {
  const { payload, contentType } = multipartBody({ kind }, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload,
    headers: { 'content-type': contentType, 'accept-language': lang, ...(token ? { token } : {}) },
  });
}

export function postRaw(t: TestApp, token: string, contentType: string, payload: Buffer | string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload,
    headers: { 'content-type': contentType, 'accept-language': 'zh-cn', token },
  });
}

export const fetchFile = (t: TestApp, id: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/common/file?id=${id}`, headers: { token } });

export async function storedCount(t: TestApp): Promise<number> {
  const [row] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(documents);
  return Number(row?.n ?? 0);
}

/** Forgets every upload counter, so a test starts with a fresh day. */
export async function resetUploadLimits(t: TestApp): Promise<void> {
  await t.app.db.execute(sql`delete from rate_limits where bucket like 'upload:%'`);
}

export const jpegFile = (bytes: Buffer, name = 'photo.jpg'): UploadFile => ({ name, type: 'image/jpeg', bytes });

/** A plain grey photo of the given size, as a phone would send it. */
export const photo = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#8899aa' } })
    [format]()
    .toBuffer();
