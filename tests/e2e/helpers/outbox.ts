import type { Page } from 'playwright-core';

/** Opens the development outbox as a person would and reads the newest code sent to `to`. */
export async function codeFromOutbox(page: Page, baseUrl: string, to: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
  const text = (await outbox.locator('tbody tr').first().textContent()) ?? '';
  await outbox.close();
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}: ${text}`);
  return code;
}
