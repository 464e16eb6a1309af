// When a silent payment attempt is asked about: the retry policy of reconciliation, kept apart
// from it so that opening an attempt (payments.ts) and checking one (reconciliation.ts) read the
// same schedule without importing each other.

/** Seconds after an attempt opened at which its provider is asked how it went (RECONCILE_AFTER_SECONDS). */
export const DEFAULT_CHECKS = [60, 300, 900, 3600];

export const firstCheckAt = (createdAt: Date, checks: number[] = DEFAULT_CHECKS) =>
  new Date(createdAt.getTime() + (checks[0] ?? 60) * 1000);
