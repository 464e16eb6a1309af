import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, openPhone, startHarness, visit, type Harness } from './helpers/harness';

// A staging site (SANDBOX=1) runs stand-in payments and sign-in: every page says so, in the
// visitor's language, without hiding or moving anything the customer uses.

/**
 * Boxes of everything a customer can press that the ribbon overlaps. Scrolled, only what stays on
 * screen counts (inside a sticky or fixed bar): the page's own content passes under the ribbon as
 * it passes under any top bar, and comes back when scrolled back.
 */
async function coveredControls(page: Page, onlyPinned = false): Promise<string[]> {
  return page.evaluate((pinnedOnly) => {
    const pinned = (el: Element | null): boolean => {
      for (let node = el; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'sticky' || position === 'fixed') return node.id !== 'test-ribbon';
      }
      return false;
    };
    const ribbon = document.getElementById('test-ribbon')!.getBoundingClientRect();
    const controls = [
      ...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]'),
    ];
    return controls
      .filter((el) => {
        if (pinnedOnly && !pinned(el)) return false;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        return box.top < ribbon.bottom && box.bottom > ribbon.top && box.left < ribbon.right && box.right > ribbon.left;
      })
      .map((el) => el.outerHTML.slice(0, 80));
  }, onlyPinned);
}

/** The layout shift the page has seen so far (CLS without session windows). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

describe('the test-mode ribbon on a staging site', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ SANDBOX: '1' });
  });
  afterAll(() => h?.close());

  it('shows on pages the server draws and on pages the app draws, covering no control', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    for (const path of ['/', '/pages/public/login', '/pages/public/retrieve', '/pages/process/setmeal']) {
      await visit(h, phone, path);
      const ribbon = page.locator('#test-ribbon');
      expect(await ribbon.isVisible(), path).toBe(true);
      expect(await ribbon.textContent(), path).toBe('测试环境：付款为模拟，不会真实扣款');
      expect(await coveredControls(page), path).toEqual([]);
      // Scrolled, sticky headers stop below it.
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(100);
      expect(await coveredControls(page, true), `${path} scrolled`).toEqual([]);
    }
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('moves nothing once the page is there', async () => {
    const phone = await openPhone(h);
    await visit(h, phone, '/');
    expect(await layoutShift(phone.page)).toBeLessThan(0.01);
    await phone.context.close();
  });

  it('follows the language the visitor switches to', async () => {
    const phone = await openPhone(h);
    const { page } = phone;
    await visit(h, phone, '/');
    await page.getByRole('button', { name: '切换为日语' }).click();
    await expect
      .poll(() => page.locator('#test-ribbon').textContent())
      .toBe('テスト環境：支払いは模擬で、請求はありません');
    expect(await page.getAttribute('#test-ribbon', 'lang')).toBe('ja');
    await expectAccessible(page);
    await page.reload();
    expect(await page.locator('#test-ribbon').textContent()).toBe('テスト環境：支払いは模擬で、請求はありません');
    await phone.context.close();
  });
});
