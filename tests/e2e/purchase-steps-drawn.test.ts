import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
