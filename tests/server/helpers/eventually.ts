/**
 * Retries `check` until it passes or `withinMs` has gone by, then throws its last error.
 * For what another process causes (a NOTIFY crossing connections): it comes, but not at
 * a moment the test can name.
 */
export async function eventually<T>(check: () => Promise<T>, withinMs = 5000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}
