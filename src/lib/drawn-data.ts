// A server-drawn page arrives with the answers it was drawn from (api/boot-fetch.ts), and the
// route's load puts them in the stores before hydration. The page's own effects then ask for
// the same data again as they mount: until those effects have run, a load of data that is
// already on screen is skipped, so a drawn page neither asks twice nor renders again with what
// it already shows. Both apps share Loadable; only the customer app's start holds this.
let held = false;

/** Far longer than a slow phone hydrates in: only a page that never hydrates waits this long. */
const HOLD_LIMIT_MS = 10_000;

/** From just before hydration… */
export function holdDrawnData(): void {
  held = true;
  setTimeout(releaseDrawnData, HOLD_LIMIT_MS);
}

/**
 * …until the drawn page's own effects have run: its wrapper's effect (app/lazy-page.tsx) runs
 * after them. Not the App's: the page sits in a Suspense boundary, which hydrates after the root.
 */
export function releaseDrawnData(): void {
  held = false;
}

export function drawnDataHeld(): boolean {
  return held;
}
