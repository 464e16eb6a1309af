import { vi } from 'vitest';

/**
 * Kept only for tests/server/admin-customers.test.ts, which another change owns: it is
 * vi.waitFor with this file's old timing. New tests call vi.waitFor directly; delete this
 * file once that test does too.
 */
export function eventually<T>(check: () => Promise<T>, withinMs = 5000): Promise<T> {
  return vi.waitFor(check, { timeout: withinMs, interval: 25 });
}
