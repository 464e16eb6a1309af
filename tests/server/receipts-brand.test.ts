import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, invoiceNumberValid, type Brand } from '../../contract/brand';
import { backends } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { postForm } from './helpers/requests';
import { pdfText, savePdfPicture } from './helpers/receipt-pdf';
import { sandboxCardToken } from './helpers/sandbox-card';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 33: the receipt's issuer is the operator's brand configuration (BRAND_FILE), all of it,
// and nothing of the default brand.

/** T, twelve digits and the check digit that makes them a valid registration number. */
function invoiceNumber(body: string): string {
  for (let d = 1; d <= 9; d += 1) if (invoiceNumberValid(`T${d}${body}`)) return `T${d}${body}`;
  throw new Error('no check digit');
}

const SECOND: Brand = {
  ...DEFAULT_BRAND,
  name: { cn: '星桥通信', ja: 'ほしばし通信' },
  short: { cn: '星桥', ja: 'ほしばし' },
  latinName: 'Hoshibashi Tsushin',
  contact: { phone: '0120-111-222', email: 'help@hoshibashi.example', wechatId: 'hoshibashi_cs' },
  company: {
    legalName: { cn: '星桥通信株式会社', ja: 'ほしばし通信株式会社' },
    address: { cn: '日本大阪府大阪市北区例町9-8-7', ja: '大阪府大阪市北区例町9-8-7' },
    invoiceNumber: invoiceNumber('123456789012'),
  },
  mailFrom: 'Hoshibashi <no-reply@hoshibashi.example>',
};

describe.each(backends)('a receipt under a second brand on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brand-'));
    writeFileSync(join(dir, 'brand.json'), JSON.stringify(SECOND));
    t = await createTestApp(backend, { env: { BRAND_FILE: join(dir, 'brand.json') } });
    ({ token } = await signUp(t.app, 'branded'));
  });
  afterAll(() => t.close());

  it.each(['ja', 'zh-cn'] as const)('names the configured issuer, in %s, and not the default', async (lang) => {
    const orderNo = await placeOrder(t.app, token);
    const paid = await postForm(
      t.app,
      '/api/pay/create',
      { orderNo, method: 'card', token: await sandboxCardToken(t.app) },
      { token },
    );
    expect(paid.body.code).toBe(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/receipt/pdf?kind=order&no=${orderNo}`,
      headers: { token, 'accept-language': lang },
    });
    const text = pdfText(res.rawPayload);
    const l = lang === 'ja' ? 'ja' : 'cn';
    for (const item of [
      SECOND.company.legalName[l],
      SECOND.company.address[l],
      SECOND.company.invoiceNumber,
      SECOND.name[l],
      SECOND.contact.phone,
    ])
      expect(text, item).toContain(item);
    for (const old of [
      DEFAULT_BRAND.company.legalName.cn,
      DEFAULT_BRAND.company.legalName.ja,
      DEFAULT_BRAND.company.invoiceNumber,
      DEFAULT_BRAND.name.cn,
      DEFAULT_BRAND.name.ja,
      DEFAULT_BRAND.contact.email,
      'Sakura',
      '樱花',
      'さくら',
    ])
      expect(text, old).not.toContain(old);
    savePdfPicture(res.rawPayload, '/tmp/w33/receipts', `second-brand-${l}-${backend}`);
  });
});
