import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanDocument } from '../../server/documents/document-content';
import { ApiError } from '../../server/lib/errors';
import { fixture, multipartBody } from './helpers/multipart';
import { createTestApp, type TestApp } from './helpers/test-app';
import { postRaw, resetUploadLimits, signUp, storedCount } from './helpers/uploads';

const SAMPLES = [fixture('passport.jpg'), fixture('address-proof.png')];
const MAGIC = [
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('%PDF-1.7\n'),
  Buffer.from('\0\0\0\x18ftypheic'),
];

/** Random bytes, real images cut anywhere or with bytes flipped, and random tails after a known file signature. */
const hostileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((a) => Buffer.from(a)),
  fc
    .tuple(fc.constantFrom(...SAMPLES), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([b, f]) => b.subarray(0, Math.floor(b.length * f))),
  fc
    .tuple(
      fc.constantFrom(...SAMPLES),
      fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }),
    )
    .map(([b, flips]) => {
      const copy = Buffer.from(b);
      for (const [at, value] of flips) copy[at % copy.length] = value;
      return copy;
    }),
  fc
    .tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 2048 }))
    .map(([m, a]) => Buffer.concat([m, Buffer.from(a)])),
);

describe('the image path under random and truncated bytes', () => {
  it('either cleans the file or refuses it with a 4xx, never a fault', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostileBytes,
        fc.constantFrom('passport' as const, 'signature' as const),
        async (bytes, kind) => {
          try {
            const clean = await cleanDocument(kind, bytes);
            // Always an image this server encoded: a PDF is kept only as the picture of its pages.
            expect(['image/jpeg', 'image/png']).toContain(clean.mime);
          } catch (error) {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as ApiError).status).toBeGreaterThanOrEqual(400);
            expect((error as ApiError).status).toBeLessThan(500);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the upload route under random multipart bodies', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = await signUp(t, 'fuzzer');
  });
  afterAll(() => t.close());

  it('answers every body with an envelope below 500 and stores only what it accepts', async () => {
    const whole = multipartBody({ kind: 'passport' }, { name: 'p.jpg', type: 'image/jpeg', bytes: SAMPLES[0]! });
    const body = fc.oneof(
      hostileBytes.map((file) =>
        multipartBody({ kind: 'passport' }, { name: 'p.jpg', type: 'image/jpeg', bytes: file }),
      ),
      fc.double({ min: 0, max: 1, noNaN: true }).map((f) => ({
        payload: whole.payload.subarray(0, Math.floor(whole.payload.length * f)),
        contentType: whole.contentType,
      })),
      fc.uint8Array({ maxLength: 1024 }).map((a) => ({ payload: Buffer.from(a), contentType: whole.contentType })),
      fc
        .tuple(fc.string({ maxLength: 40 }), fc.uint8Array({ maxLength: 512 }))
        .map(([type, a]) => ({ payload: Buffer.from(a), contentType: `multipart/form-data${type}` })),
    );
    await fc.assert(
      fc.asyncProperty(body, async ({ payload, contentType }) => {
        await resetUploadLimits(t);
        const before = await storedCount(t);
        const res = await postRaw(t, token, contentType, payload);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.body).not.toMatch(/at .+\.(ts|js):\d+/);
        const parsed = res.json<{ code: number; msg: string }>();
        expect(typeof parsed.msg).toBe('string');
        expect(await storedCount(t)).toBe(before + (parsed.code === 1 ? 1 : 0));
      }),
      { numRuns: 200 },
    );
  });
});
