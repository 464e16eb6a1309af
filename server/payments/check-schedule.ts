// When a silent payment attempt is asked about: the retry policy of reconciliation, kept apart
// from it so that opening an attempt (payments.ts) and checking one (reconciliation.ts) read the
// same schedule without importing each other. It is the only one: the schedule lives in the
// payment row (checks, next_check_at), taken by compare-and-set, and pg-boss runs each
// reconcile-payment job once (server/lib/queue.ts), since a job retried on top could only ask early.

/** Seconds after an attempt opened at which its provider is asked how it went (RECONCILE_AFTER_SECONDS). */
export const DEFAULT_CHECKS = [60, 300, 900, 3600];

/**
 * A provider that could not be reached to close an attempt after its last check: the attempt
 * stays pending and is closed again this long after. (An order past its deadline tries again
 * at every sweep instead, see expireOrder.)
 */
export const CLOSE_RETRY_SECONDS = 900;

export const firstCheckAt = (createdAt: Date, checks: number[] = DEFAULT_CHECKS) =>
  new Date(createdAt.getTime() + (checks[0] ?? 60) * 1000);
