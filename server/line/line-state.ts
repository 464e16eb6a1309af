import { desc, eq } from 'drizzle-orm';
import { canTransition, isFinal, type LineEventReason, type LineState } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { lineEvents, lines } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import type { LineRow } from './open-line.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface LineMove {
  to: LineState;
  reason: LineEventReason;
  /** customer:<id>, staff:<login>, scheduler or carrier. */
  actor: string;
  staffId?: number | undefined;
}

/**
 * The one place lines.status changes (contract/line-states.ts). Locks the line's row first, so
 * two moves of one line queue and the second sees the first's result; refuses a move the table
 * does not allow (LINE_STATE_REFUSED, nothing written); records who, when and why. A line that
 * ends or is ported gets ended_at, which starts the identity records' retention clock.
 */
export async function transitionLine(
  tx: Tx | Database,
  lineId: number,
  move: LineMove,
  now = new Date(),
): Promise<LineRow> {
  const [line] = await tx.select().from(lines).where(eq(lines.id, lineId)).for('update');
  if (!line) throw new NotFoundError();
  if (!canTransition(line.status, move.to))
    throw new ApiError('LINE_STATE_REFUSED', 200, undefined, { from: line.status, to: move.to });
  const [moved] = await tx
    .update(lines)
    .set({ status: move.to, ...(isFinal(move.to) ? { endedAt: now } : {}) })
    .where(eq(lines.id, lineId))
    .returning();
  await tx.insert(lineEvents).values({
    lineId,
    fromStatus: line.status,
    toStatus: move.to,
    reason: move.reason,
    actor: move.actor,
    staffId: move.staffId ?? null,
    at: now,
  });
  return moved!;
}

/** The line locked for the caller's transaction, for checks that must hold until it commits. */
export async function lockLine(tx: Tx | Database, lineId: number): Promise<LineRow> {
  const [line] = await tx.select().from(lines).where(eq(lines.id, lineId)).for('update');
  if (!line) throw new NotFoundError();
  return line;
}

/** A line's recorded moves, newest first (the customer's line page and the console). */
export function lineHistory(db: Database, lineId: number, limit = 50) {
  return db
    .select()
    .from(lineEvents)
    .where(eq(lineEvents.lineId, lineId))
    .orderBy(desc(lineEvents.at), desc(lineEvents.id))
    .limit(limit);
}
