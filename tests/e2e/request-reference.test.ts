import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../server/ops/seed-demo';
import { expectAccessible, openPhone, settle, startHarness, type Harness } from './helpers/harness';

// Issue 33: a customer whose page failed tells support a reference, and support finds that
// request in the server's log by it; meanwhile /metrics, behind its token, counts the requests.

const TOKEN = 'e2e-scrape-token-0123456789';

function sample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('the reference on an error screen and the metrics, in Chromium', () => {
  const lines: Record<string, unknown>[] = [];
  let h: Harness;
  let token: string;
  const scrape = async () => {
    const res = await fetch(`${h.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    h = await startHarness({ METRICS_TOKEN: TOKEN }, logStream);
    await seedDemo(h.database.db, h.vault);
    const res = await fetch(`${h.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    token = ((await res.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
  });
  afterAll(() => h?.close());

  it('/metrics is a 404 without the token', async () => {
    expect((await fetch(`${h.baseUrl}/metrics`)).status).toBe(404);
    const wrong = await fetch(`${h.baseUrl}/metrics`, { headers: { authorization: 'Bearer nope-nope-nope-nope' } });
    expect(wrong.status).toBe(404);
  });

  it('a failed order list shows the reference the server logged, and the counters move', async () => {
    const before = await scrape();
    const phone = await openPhone(h);
    const { page } = phone;
    await page.goto(`${h.baseUrl}/h5/`);
    await page.evaluate((t) => localStorage.setItem('token', JSON.stringify(t)), token);
    await settle(page);
    // The list call reaches the server at a path it does not know: a real refusal, with a real id.
    let broken = true;
    await page.route('**/api/order/lists*', (route) => {
      if (!broken) return route.continue();
      broken = false;
      return route.continue({ url: `${h.baseUrl}/api/order/no-such-list` });
    });
    await page.goto(`${h.baseUrl}/h5/pages/order/list`);
    const reference = page.getByTestId('support-reference');
    await reference.waitFor();
    const id = (await reference.textContent()) ?? '';
    expect(id).toMatch(/^[0-9a-z]{12}$/);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(`参考编号：${id}`);
    await expectAccessible(page);
    // Support's grep: the request's own lines, with its route and status.
    const logged = lines.filter((line) => line.reqId === id);
    expect(logged.map((line) => line.msg)).toContain('request completed');
    expect(JSON.stringify(logged)).toContain('404');

    await page.getByRole('button', { name: '重试' }).click();
    await page.locator('.order-list-item').first().waitFor();
    expect(await page.getByTestId('support-reference').count()).toBe(0);
    await phone.context.close();

    const after = await scrape();
    const list = 'http_requests_total{method="GET",route="/api/order/lists",status="200"}';
    const unmatched = 'http_requests_total{method="GET",route="(unmatched)",status="404"}';
    expect(sample(after, list) - sample(before, list)).toBeGreaterThanOrEqual(1);
    expect(sample(after, unmatched) - sample(before, unmatched)).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('no-such-list');
  });
});
