const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Resolves once the browser has painted what it has, and the hero image if the page has
 * one (waiting at most `imageWaitMs` for it). Evaluating the app's script before that would
 * hold back the first paint of a page the server already drew.
 */
export async function afterFirstPaint(imageWaitMs = 500): Promise<void> {
  // A hidden page gets no animation frames; it has nothing to paint either.
  if (document.visibilityState === 'hidden') return;
  const hero = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (hero && !hero.complete) {
    await new Promise<void>((resolve) => {
      hero.addEventListener('load', () => resolve(), { once: true });
      hero.addEventListener('error', () => resolve(), { once: true });
      setTimeout(resolve, imageWaitMs);
    });
  }
  await nextPaint();
}

/**
 * Resolves in a task of its own, so what follows runs after the browser had its turn (input,
 * paint). A message rather than a timer: timers wait longer when nested and in a hidden tab.
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
