import { eq } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { documents, orders } from '../../server/db/schema';
import { encrypt } from '../../server/lib/document-crypto';
import { PDF_LIMITS, pdfToImage, type PdfLimits } from '../../server/documents/pdf-render';
import { backends } from './helpers/databases';
import { hiddenScriptPdf, plainPdf, plainScriptPdf, type Hiding } from './helpers/pdf-build';
import { placeOrder, signUp } from './helpers/purchase';
import { signInStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { fetchFile, resetUploadLimits, storedCount, upload } from './helpers/uploads';

const HIDINGS: Hiding[] = [
  'LZWDecode',
  'ASCII85Decode',
  'ASCII85Decode+FlateDecode',
  'FlateDecode twice',
  'FlateDecode truncated',
  'raw deflate',
  'stream then CR only',
];

const asPdf = (bytes: Buffer, name = 'proof.pdf') => ({ name, type: 'application/pdf', bytes });

/** A PDF that opens only with a password, written by MuPDF itself. */
function encryptedPdf(): Buffer {
  const doc = new mupdf.PDFDocument(plainPdf(1));
  const saved = doc.saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=owner').asUint8Array();
  return Buffer.from(saved);
}

/** What a viewer would be shown: a JPEG or PNG, and nothing of a PDF anywhere in it. */
function expectPictureOnly(bytes: Buffer, what: string) {
  const jpeg = bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  const png = bytes.subarray(0, 8).equals(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'));
  expect(jpeg || png, `${what}: image magic`).toBe(true);
  expect(bytes.includes('%PDF'), `${what}: %PDF in the bytes`).toBe(false);
  expect(bytes.includes('JavaScript'), `${what}: JavaScript in the bytes`).toBe(false);
}

describe.each(backends)('PDF uploads drawn to pictures on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let orderNo: string;
  let reviewer: StaffClient;

  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await signUp(t.app, `pdf${backend}`)).token;
    orderNo = await placeOrder(t.app, token);
    reviewer = await signInStaff(t.app, 'reviewer');
  });
  afterAll(() => t.close());
  beforeEach(() => resetUploadLimits(t));

  /** The order names the document as its proof of address, so staff may open it. */
  async function staffView(id: string) {
    const [row] = await t.app.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    await t.app.db
      .update(orders)
      .set({ info: { ...row!.info, addressSame: 'no', proofDoc: id } })
      .where(eq(orders.id, row!.id));
    return reviewer.call('GET', `/api/admin/documents/${id}?orderNo=${orderNo}`);
  }

  const variants: Array<[string, () => Buffer]> = [
    ['plain /OpenAction /JavaScript', plainScriptPdf],
    ...HIDINGS.map((hiding): [string, () => Buffer] => [`object stream, ${hiding}`, () => hiddenScriptPdf(hiding)]),
  ];

  it.each(variants)('%s: refused, or kept only as a picture of its pages', async (name, build) => {
    const before = await storedCount(t);
    const res = await upload(t, token, 'address_proof', asPdf(build()));
    const body = res.json<{ code: number; data: { id: string; mime: string; error: string } }>();
    if (res.statusCode !== 200) {
      expect(res.statusCode, name).toBe(400);
      expect(body.data.error, name).toMatch(/^PDF_/);
      expect(await storedCount(t)).toBe(before);
      return;
    }
    expect(body).toMatchObject({ code: 1, data: { mime: 'image/jpeg' } });
    const [row] = await t.app.db.select().from(documents).where(eq(documents.id, body.data.id));
    expect(row?.mime).toBe('image/jpeg');
    const own = await fetchFile(t, body.data.id, token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['content-disposition']).toBe('inline');
    expectPictureOnly(own.rawPayload, `${name}, owner`);
    const staffLook = await staffView(body.data.id);
    expect(staffLook.status).toBe(200);
    expect(staffLook.headers['content-type']).toBe('image/jpeg');
    expectPictureOnly(staffLook.rawPayload, `${name}, staff`);
  });

  it('keeps a one-page PDF as the picture of its page, at about 200 dpi', async () => {
    const res = await upload(t, token, 'address_proof', asPdf(plainPdf(1)));
    expect(res.json()).toMatchObject({ code: 1, data: { mime: 'image/jpeg' } });
    const own = await fetchFile(t, res.json<{ data: { id: string } }>().data.id, token);
    expectPictureOnly(own.rawPayload, 'one page');
    // A4 (595 x 842 pt) at 200 dpi is 1653 x 2339 px; the longer side is drawn at most 2400.
    const { width = 0, height = 0, format } = await sharp(own.rawPayload).metadata();
    expect(format).toBe('jpeg');
    expect(width).toBeGreaterThanOrEqual(1600);
    expect(width).toBeLessThanOrEqual(1700);
    expect(height / width).toBeCloseTo(842 / 595, 1);
    // The page was drawn: its blue box and black title are there, not a blank sheet.
    const { channels } = await sharp(own.rawPayload).stats();
    expect(Math.min(...channels.map((c) => c.min))).toBeLessThan(60);
  });

  it('stacks the pages of a three-page PDF top to bottom, each one legible', async () => {
    const res = await upload(t, token, 'address_proof', asPdf(plainPdf(3)));
    const id = res.json<{ data: { id: string } }>().data.id;
    const { width = 0, height = 0 } = await sharp((await fetchFile(t, id, token)).rawPayload).metadata();
    expect(width).toBeGreaterThanOrEqual(1600);
    expect(height).toBeGreaterThan(3 * 2300);
    expect(height).toBeLessThan(3 * 2400);
  });

  it('draws a card-sized page large enough to read', async () => {
    // 85.6 x 54 mm, a residence card scanned to its own size.
    const res = await upload(t, token, 'residence_front', asPdf(plainPdf(1, [243, 153])));
    const id = res.json<{ data: { id: string } }>().data.id;
    const { width = 0 } = await sharp((await fetchFile(t, id, token)).rawPayload).metadata();
    expect(width).toBe(1200);
  });

  const refusals: Array<[string, () => Buffer, string]> = [
    ['a password-protected PDF', encryptedPdf, 'PDF_ENCRYPTED'],
    ['a six-page PDF', () => plainPdf(6), 'PDF_TOO_MANY_PAGES'],
    [
      'a PDF header followed by garbage',
      () =>
        Buffer.concat([
          Buffer.from('%PDF-1.7\n'),
          Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251)),
        ]),
      'PDF_UNREADABLE',
    ],
  ];

  it.each(refusals)('refuses %s with a message in both languages, storing nothing', async (_, build, key) => {
    const before = await storedCount(t);
    for (const [lang, messages] of [
      ['zh-cn', cn],
      ['ja', ja],
    ] as const) {
      const res = await upload(t, token, 'address_proof', asPdf(build()), lang);
      expect(res.statusCode).toBe(400);
      const errors: Record<string, string> = messages.api.errors;
      expect(res.json()).toMatchObject({ code: 0, msg: errors[key], data: { error: key, fields: { file: key } } });
      expect(errors[key]).toBeTruthy();
    }
    expect(await storedCount(t)).toBe(before);
  });

  it('shows a PDF stored as it came before uploads were drawn only as a picture', async () => {
    const id = crypto.randomUUID();
    const userId = (await t.app.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.userId;
    await t.app.documents.storage.put(id, encrypt(t.app.documents.key, plainScriptPdf()));
    await t.app.db.insert(documents).values({ id, userId, kind: 'address_proof', mime: 'application/pdf', size: 1 });
    expectPictureOnly((await fetchFile(t, id, token)).rawPayload, 'old PDF, owner');
    const staffLook = await staffView(id);
    expect(staffLook.headers['content-type']).toBe('image/jpeg');
    expectPictureOnly(staffLook.rawPayload, 'old PDF, staff');
    const order = await reviewer.call<{ documents: Array<{ id: string; contentType: string }> }>(
      'GET',
      `/api/admin/orders/${orderNo}`,
    );
    expect(order.body.data.documents.find((d) => d.id === id)?.contentType).toBe('image/jpeg');
  });
});

describe('the PDF renderer’s bounds', () => {
  const refusal = (limits: Partial<PdfLimits>) =>
    pdfToImage(plainPdf(1), { ...PDF_LIMITS, ...limits }).then(
      () => 'drawn',
      (error: Error) => error.message,
    );

  it('stops a render that runs past its time limit', async () => {
    expect(await refusal({ timeoutMs: 1 })).toBe('PDF_TOO_COMPLEX');
  });

  it('refuses a page whose pixels would not fit in the memory MuPDF may take', async () => {
    // A4 drawn 4000 px high is 2827 x 4000 RGB pixels, 34 MB: more than a 32 MB heap holds,
    // which holds the same page at 200 dpi (1653 x 2339, 12 MB).
    expect(await refusal({ maxSide: 4000, minSide: 4000, memoryBytes: 32 * 1024 * 1024 })).toBe('PDF_TOO_COMPLEX');
    expect(await refusal({ memoryBytes: 32 * 1024 * 1024 })).toBe('drawn');
  });
});
