import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pages } from '../../server/db/schema';
import { seedPages } from '../../server/db/seed-pages';
import { RICH_TEXT_PURIFY } from '../../src/components/rich-text-policy';
import { sanitizeRichTextOnServer } from '../../src/components/rich-text-server';
import { HOSTILE, ORDINARY } from '../fixtures/rich-text-samples';
import { openPhone, settle, signInWithToken, startHarness, type Harness, type PhonePage } from './helpers/harness';
import { registeredToken } from './helpers/orders';

// The purchase steps 2 and 3 arrive drawn by the server with their frame (the same for every
// visitor); the phone's own draft fills the places kept for it once the app has hydrated. A
// mismatch shows as a console error, and anything moving as a layout shift.

/** A draft kept on the phone as step 2 leaves it: a plan chosen, the form partly filled. */
async function keepDraft(h: Harness, phone: PhonePage): Promise<string> {
  const plans = (await (await fetch(`${h.baseUrl}/api/setmeal/lists`)).json()) as { data: { name: string }[] };
  const plan = plans.data[0]!;
  const draft = {
    setmeal: plan,
    form: { lastName: '王', firstName: '小明', delivery: 'mail', postcode: '171-0021', province: '東京都' },
    image: '',
  };
  await phone.page.evaluate((d) => localStorage.setItem('purchase', JSON.stringify(d)), draft);
  return plan.name;
}

/** Every layout shift the page made since it started loading, watched from before its first paint. */
async function watchShifts(phone: PhonePage): Promise<void> {
  await phone.page.addInitScript(() => {
    const w = window as unknown as { shifts: number[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page as drawn, without the boot data (which carries the API's answers, stored HTML included). */
async function drawnCheck(h: Harness, lang: 'cn' | 'ja'): Promise<string> {
  const res = await fetch(`${h.baseUrl}/h5/pages/process/check`, { headers: { cookie: `lang=${lang}` } });
  const html = await res.text();
  const root = /<div id="root">([\s\S]*?)<script id="boot-data"/.exec(html)?.[1];
  if (!root) throw new Error(`not a drawn page:\n${html.slice(0, 400)}`);
  return root;
}

const shifted = (phone: PhonePage) =>
  phone.page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));

describe('purchase steps drawn on the server, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h?.close());

  it('send the step frame to every visitor, without anyone’s draft in it', async () => {
    const information = await (await fetch(`${h.baseUrl}/h5/pages/process/information`)).text();
    expect(information).toContain('<p class="process-lead">请按证件上的内容如实填写本人信息');
    expect(information).toContain('aria-current="step"');
    expect(information).toContain('class="form-placeholder"');
    expect(information).not.toContain('<form');
    const check = await (await fetch(`${h.baseUrl}/h5/pages/process/check`)).text();
    expect(check).toContain('class="summary-slot"');
    expect(check).toContain('id="terms-title"');
  });

  it('draw the terms in both languages, sanitized, and again once they change', async () => {
    const cn = await drawnCheck(h, 'cn');
    expect(cn).toContain('<h2 id="terms-title">服务条款</h2>');
    expect(cn).toContain('<div class="rich-text"><h2>一、服务内容</h2>');
    expect(cn).toContain('<p>审核通过后最迟 3 个工作日内发货');
    expect(cn).not.toContain('terms-placeholder');
    const ja = await drawnCheck(h, 'ja');
    expect(ja).toContain('<h2 id="terms-title">利用規約</h2>');
    expect(ja).toContain('<h2>第1条（サービス内容）</h2>');

    const seeded = seedPages.find((p) => p.name === 'terms')!;
    const hostile =
      '<h2>第七条</h2><p>更新后的条款</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">' +
      '<a href="javascript:window.__pwned = 3">链接</a><svg onload="window.__pwned = 4"></svg><iframe src="/h5/"></iframe>';
    // Changed by hand in the database, as a staff command would: the change feed hears it.
    await h.database.db.update(pages).set({ titleCn: '新服务条款', bodyCn: hostile }).where(eq(pages.name, 'terms'));
    try {
      const changed = await vi.waitFor(
        async () => {
          const html = await drawnCheck(h, 'cn');
          expect(html).toContain('<p>更新后的条款</p>');
          return html;
        },
        { timeout: 5000, interval: 50 },
      );
      expect(changed).toContain('<h2 id="terms-title">新服务条款</h2>');
      const terms = /<div class="rich-text">([\s\S]*?)<\/div><\/div><\/section>/.exec(changed)?.[1];
      expect(terms).toBe('<h2>第七条</h2><p>更新后的条款</p><img src="x" alt="" /><a>链接</a>');
      expect(changed).not.toMatch(/<script>window|onerror|javascript:|<iframe|__pwned/);
      expect(await drawnCheck(h, 'ja')).toContain('<h2>第1条（サービス内容）</h2>');

      const phone = await openPhone(h);
      await phone.page.goto(`${h.baseUrl}/h5/pages/process/check`);
      await settle(phone.page);
      await phone.page.locator('.terms-scroll').getByText('更新后的条款').waitFor();
      await phone.page.getByText('链接').click();
      expect(await phone.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await phone.page.locator('.terms-scroll img').getAttribute('alt')).toBe('');
      // DOMPurify reads the stored HTML in a document of its own, where Chromium still reports
      // (and the page's CSP blocks) the handlers it is about to remove: nothing else went wrong.
      const blocked = /^Executing inline event handler violates .* 'script-src-attr 'none''/;
      expect(phone.errors.filter((error) => !blocked.test(error))).toEqual([]);
      await phone.context.close();
    } finally {
      await h.database.db
        .update(pages)
        .set({ titleCn: seeded.titleCn, bodyCn: seeded.bodyCn })
        .where(eq(pages.name, 'terms'));
    }
    await vi.waitFor(async () => expect(await drawnCheck(h, 'cn')).toContain('<h2>一、服务内容</h2>'), {
      timeout: 5000,
      interval: 50,
    });
  });

  it('keep the drawn terms as they are through hydration', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    // The terms as the HTML parser left them, before any of the app's script ran.
    await page.addInitScript(() => {
      const w = window as unknown as { drawnTerms?: { node: Element; html: string } };
      const seen = new MutationObserver(() => {
        const node = document.querySelector('.terms-scroll .rich-text');
        if (node && !w.drawnTerms && document.readyState !== 'loading') {
          w.drawnTerms = { node, html: node.innerHTML };
          seen.disconnect();
        }
      });
      seen.observe(document, { childList: true, subtree: true });
      document.addEventListener('readystatechange', () => {
        const node = document.querySelector('.terms-scroll .rich-text');
        if (node && !w.drawnTerms) w.drawnTerms = { node, html: node.innerHTML };
      });
    });
    await page.goto(`${h.baseUrl}/h5/pages/process/check`);
    await settle(page);
    const kept = await page.evaluate(() => {
      const w = window as unknown as { drawnTerms?: { node: Element; html: string } };
      const now = document.querySelector('.terms-scroll .rich-text');
      return {
        drawn: Boolean(w.drawnTerms),
        same: w.drawnTerms?.node === now,
        html: w.drawnTerms?.html === now?.innerHTML,
      };
    });
    expect(kept).toEqual({ drawn: true, same: true, html: true });
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('keep in the server’s sanitizer just what DOMPurify keeps in Chromium', async () => {
    const page = await h.browser.newPage();
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('dompurify/dist/purify.min.js') });
    const samples = [...ORDINARY, ...HOSTILE, ...seedPages.flatMap((p) => [p.bodyCn, p.bodyJa])];
    const { ALLOWED_URI_REGEXP, ...config } = RICH_TEXT_PURIFY;
    const inBrowser = await page.evaluate(
      ({ samples, config, uri, drawn }) => {
        const purify = (window as unknown as { DOMPurify: typeof import('dompurify').default }).DOMPurify;
        // As src/components/rich-text.tsx.
        purify.addHook('afterSanitizeAttributes', (node) => {
          if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
        });
        const parsed = (html: string) => {
          const template = document.createElement('template');
          template.innerHTML = html;
          return template.innerHTML;
        };
        return samples.map((html, i) => ({
          client: parsed(purify.sanitize(html, { ...config, ALLOWED_URI_REGEXP: new RegExp(uri.source, uri.flags) })),
          server: parsed(drawn[i]!),
        }));
      },
      {
        samples,
        config,
        uri: { source: ALLOWED_URI_REGEXP.source, flags: ALLOWED_URI_REGEXP.flags },
        drawn: samples.map(sanitizeRichTextOnServer),
      },
    );
    const differ = inBrowser.flatMap(({ client, server }, i) =>
      client === server ? [] : [{ html: samples[i], client, server }],
    );
    // Where they differ, the server keeps less: the text of a <textarea>, and what DOMPurify
    // leaves of a <noscript> (both dropped whole here, as markup meant to hide).
    expect(differ).toEqual([
      { html: expect.stringContaining('<noscript>'), client: '<p></p>', server: '' },
      { html: expect.stringContaining('<textarea>'), client: '&lt;script&gt;alert(1)&lt;/script&gt;', server: '' },
    ]);
    await page.close();
  });

  it('fill in the phone’s draft without a mismatch and without moving, signed in or not', async () => {
    for (const signedIn of [false, true]) {
      const phone = await openPhone(h);
      const { page } = phone;
      if (signedIn) await signInWithToken(h, phone, await registeredToken(h.baseUrl, 'Mei'));
      else await page.goto(`${h.baseUrl}/h5/`);
      const planName = await keepDraft(h, phone);
      await watchShifts(phone);

      await page.goto(`${h.baseUrl}/h5/pages/process/information`);
      await settle(page);
      await expect.poll(() => page.getByLabel('名', { exact: true }).inputValue()).toBe('小明');
      expect(await shifted(phone), `information, signed in: ${signedIn}`).toBeLessThan(0.02);

      await page.goto(`${h.baseUrl}/h5/pages/process/check`);
      await settle(page);
      await page.locator('.order-summary').getByText(planName).waitFor();
      await page.locator('.terms-scroll').waitFor();
      expect(await shifted(phone), `check, signed in: ${signedIn}`).toBeLessThan(0.02);
      expect(phone.errors).toEqual([]);
      await phone.context.close();
    }
  });

  it('say a plan must be chosen first where no draft is kept, in the summary’s place', async () => {
    const phone = await openPhone(h);
    await phone.page.goto(`${h.baseUrl}/h5/pages/process/check`);
    await settle(phone.page);
    await phone.page.locator('.summary-slot').getByRole('link', { name: '选择套餐' }).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
