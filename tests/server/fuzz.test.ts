import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

const POST_PATHS = [
  '/api/user/register',
  '/api/user/login',
  '/api/user/fast_register',
  '/api/user/activation',
  '/api/user/retrieve',
  '/api/user/profile',
  '/api/user/logout',
  '/api/user/auth_code',
  '/api/ems/send',
];
const FIELDS = [
  'username',
  'email',
  'password',
  'repassword',
  'code',
  'auth_code',
  'platform',
  'event',
  '__proto__',
  'constructor',
];

// Whatever a client sends, the answer is an envelope and never a server fault.
describe('fuzzed request bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('never produce a 5xx or a stack trace', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.constantFrom('', 'a@b.co', 'abc12345', '123456', 'wechat'),
    );
    const body = fc.oneof(
      fc
        .dictionary(fc.constantFrom(...FIELDS), value)
        .map((d) => ({ type: 'form' as const, payload: new URLSearchParams(d).toString() })),
      fc.string({ maxLength: 200 }).map((s) => ({ type: 'form' as const, payload: s })),
      fc.json().map((s) => ({ type: 'json' as const, payload: s })),
      fc.string({ maxLength: 200 }).map((s) => ({ type: 'text' as const, payload: s })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POST_PATHS),
        body,
        fc.constantFrom('zh-cn', 'ja', ''),
        async (url, b, lang) => {
          const contentType = {
            form: 'application/x-www-form-urlencoded',
            json: 'application/json',
            text: 'text/plain',
          }[b.type];
          const res = await t.app.inject({
            method: 'POST',
            url,
            payload: b.payload,
            headers: { 'content-type': contentType, 'accept-language': lang, token: 'x'.repeat(30) },
          });
          expect(res.statusCode, `${url} ${b.payload}`).toBeLessThan(500);
          expect(res.body).not.toMatch(/at .+\.(ts|js):\d+/);
          const parsed = JSON.parse(res.body) as { code: number; msg: string };
          expect(typeof parsed.msg).toBe('string');
        },
      ),
      { numRuns: 300 },
    );
  });
});
