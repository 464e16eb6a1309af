import { z } from 'zod';
import { LINE_EVENT_REASONS, LINE_STATES } from './line-states';

// The pause and line-history API's shapes (issue 31). Amounts are integer yen including tax;
// days are Tokyo dates (YYYY-MM-DD).

const int = z.number().int();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'DATE_INVALID');

/** A pause as the customer and staff see it: booked (not started yet) or running (line paused). */
export const pauseSchema = z.object({
  id: int,
  status: z.enum(['booked', 'running', 'done', 'cancelled']),
  startOn: z.string(),
  resumeOn: z.string(),
});
export type PauseInfo = z.infer<typeof pauseSchema>;

/** GET /api/line/pause: what may be booked, what it costs, and the open pause. */
export const pauseViewSchema = z.object({
  lineStatus: z.enum(LINE_STATES),
  /** True when a new pause may be booked now (an active line without an open pause). */
  canBook: z.boolean(),
  /** The 1sts a pause may start on, each with the 1sts it may end on (nearest first). */
  options: z.array(z.object({ start: z.string(), resumeOptions: z.array(z.string()) })),
  /** The month's keep-number fee and the plan's rent, both with tax. */
  keepNumberFee: int,
  monthlyRent: int,
  pause: pauseSchema.nullable(),
});
export type PauseView = z.infer<typeof pauseViewSchema>;

/** POST /api/line/pause: without resumeOn the pause runs the longest allowed (12 months). */
export const pauseRequestSchema = z.object({
  start: day,
  resumeOn: z.preprocess((v) => (v === '' ? undefined : v), day.optional()),
});

/** Who moved the line, as a customer may be told (never a staff member's login). */
export const HISTORY_ACTORS = ['you', 'staff', 'system'] as const;

export const lineEventSchema = z.object({
  from: z.string(),
  to: z.enum(LINE_STATES),
  reason: z.enum(LINE_EVENT_REASONS),
  at: z.string(),
  by: z.enum(HISTORY_ACTORS),
});
export type LineEventView = z.infer<typeof lineEventSchema>;

/** GET /api/line/history: newest first. */
export const lineHistorySchema = z.object({ events: z.array(lineEventSchema) });
export type LineHistory = z.infer<typeof lineHistorySchema>;

/** The console's line panel: the state, its history with staff logins, the pause, what staff may do. */
export const adminLineSchema = z.object({
  line: z
    .object({
      id: int,
      msisdn: z.string(),
      status: z.enum(LINE_STATES),
      events: z.array(lineEventSchema.extend({ staffLogin: z.string().nullable() })),
      pause: pauseSchema.nullable(),
      pauseOptions: z.array(z.object({ start: z.string(), resumeOptions: z.array(z.string()) })),
      actions: z.array(z.enum(['suspend', 'resume', 'book_pause', 'cancel_pause', 'end_pause'])),
    })
    .nullable(),
});
export type AdminLine = z.infer<typeof adminLineSchema>;

export const adminLineActionSchema = z.object({
  action: z.enum(['suspend', 'resume', 'book_pause', 'cancel_pause', 'end_pause']),
  start: day.optional(),
  resumeOn: day.optional(),
});
