import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

// A server-drawn page is hydrated with exactly what the server drew: the first client
// render must not differ, or React throws the page away and draws it again. What only the
// phone knows (a stored session, a purchase draft) and the passing time wait for the
// render after hydration.

const never = () => () => undefined;

/**
 * False while the server renders and while the client hydrates; true from the render after
 * hydration on, and at once in a page the client draws itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

const RenderTime = createContext<number | null>(null);

/** The time the server drew the page at, for the first render of its hydration. */
export function RenderTimeProvider({ renderedAt, children }: { renderedAt: number | null; children: ReactNode }) {
  return <RenderTime.Provider value={renderedAt}>{children}</RenderTime.Provider>;
}

/** The server's render time until hydrated (so clocks agree), then `clientNow`. */
export function useRenderedNow(clientNow: number): number {
  const hydrated = useHydrated();
  const renderedAt = useContext(RenderTime);
  return hydrated || renderedAt === null ? clientNow : renderedAt;
}
