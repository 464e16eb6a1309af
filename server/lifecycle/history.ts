import { inArray } from 'drizzle-orm';
import { isLineState, type LineEventReason } from '../../contract/line-states.js';
import type { LineEventView } from '../../contract/pause-views.js';
import type { Database } from '../db/client.js';
import { staff } from '../db/schema.js';
import { lineHistory } from '../line/index.js';

// A line's recorded moves in words' keys (locales line.statuses / line.reasons). The customer
// learns who moved their line as you, staff or the system, never a staff member's login;
// the console sees the login too.

type EventRow = Awaited<ReturnType<typeof lineHistory>>[number];

const byOf = (actor: string): LineEventView['by'] =>
  actor.startsWith('customer:') ? 'you' : actor.startsWith('staff:') ? 'staff' : 'system';

const eventView = (row: EventRow): LineEventView => ({
  from: row.fromStatus,
  to: isLineState(row.toStatus) ? row.toStatus : 'active',
  reason: row.reason as LineEventReason,
  at: row.at.toISOString(),
  by: byOf(row.actor),
});

/** The customer's view: newest first. */
export async function customerHistory(db: Database, lineId: number): Promise<LineEventView[]> {
  return (await lineHistory(db, lineId)).map(eventView);
}

/** Staff's view: with the login of the staff member who moved the line. */
export async function staffHistory(db: Database, lineId: number) {
  const rows = await lineHistory(db, lineId);
  const ids = [...new Set(rows.map((r) => r.staffId).filter((id): id is number => id !== null))];
  const logins = new Map(
    (ids.length
      ? await db.select({ id: staff.id, login: staff.login }).from(staff).where(inArray(staff.id, ids))
      : []
    ).map((s) => [s.id, s.login]),
  );
  return rows.map((row) => ({
    ...eventView(row),
    staffLogin:
      row.staffId !== null
        ? (logins.get(row.staffId) ?? null)
        : row.actor.startsWith('staff:')
          ? row.actor.slice(6)
          : null,
  }));
}
