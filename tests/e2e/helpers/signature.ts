import type { Page } from 'playwright-core';

/** Signs on the purchase form's pad with a zigzag, as a finger would. */
export async function sign(page: Page): Promise<void> {
  // The pad sits below the terms: drawn on only where the screen shows it.
  await page.getByTestId('signature').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('signature').boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1)
    await page.mouse.move(box.x + 30 + i * 20, box.y + 100 + (i % 2 ? -30 : 30), { steps: 2 });
  await page.mouse.up();
}
