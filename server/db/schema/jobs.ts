import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Scheduled work done once per period (the bill run for 2026-12, plan changes due on
 * 2026-12-25, a usage file by name): the row is taken before the work, in the same
 * transaction, so a second worker or a second tick finds it and does nothing.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    task: text('task').notNull(),
    period: text('period').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.task, t.period] })],
);
