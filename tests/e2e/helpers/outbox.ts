import type { Page } from 'playwright-core';

/**
 * Opens the development outbox as a person would and reads the newest code sent to `to`.
 * Code mails leave after the API has answered (so the answer cannot tell whether the address
 * has an account): look again, as a person would refresh, until it is there.
 */
export async function codeFromOutbox(page: Page, baseUrl: string, to: string): Promise<string> {
  const outbox = await page.context().newPage();
  let text = '';
  try {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      await outbox.goto(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
      text = (await outbox.locator('tbody tr').first().textContent()) ?? '';
      const code = /\b(\d{6})\b/.exec(text)?.[1];
      if (code) return code;
      await outbox.waitForTimeout(250);
    }
  } finally {
    await outbox.close();
  }
  throw new Error(`no code in the outbox for ${to}: ${text}`);
}
