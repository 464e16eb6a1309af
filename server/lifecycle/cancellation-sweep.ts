import { and, eq, gte, lt, lte } from 'drizzle-orm';
import { addDays, tokyoDate } from '../../contract/calendar.js';
import type { Database } from '../db/client.js';
import { charges, lineCancellations, lines } from '../db/schema.js';
import { message } from '../lib/messages.js';
import { notify } from '../notifications/index.js';
import { lockLine, transitionLine, type LinePlatform } from '../line/index.js';
import { CANCEL_LINK } from './cancellation.js';
import { closeOpenOnLine, sendClosingRefunds } from './lost-close.js';
import { expirePortOuts } from './port-out.js';
import type { PayMethod } from '../../contract/api.js';
import type { PaymentProvider } from '../payments/index.js';

export interface LeavingDeps {
  db: Database;
  linePlatform: LinePlatform;
  log: { error(object: object, message: string): void };
}

const ENDING_NOTICE_DAYS = 3;

type CancellationRow = typeof lineCancellations.$inferSelect;
type LineRow = typeof lines.$inferSelect;

/**
 * Ends a booked cancellation's line: in a transaction under the line's lock it goes ended (ended_at
 * starts the identity retention clock), then the carrier terminates it with the key
 * end:<cancellationId> (a failure leaves the cancellation booked, so the next sweep asks again
 * with the same key), and only then is the cancellation done and the customer told. True when
 * this call closed it. Shared by the sweep (the day after the last day) and staff's "end now" on
 * the last day itself (a customer at the airport).
 */
export async function endCancelledLine(
  deps: Pick<LeavingDeps, 'db' | 'linePlatform'> & { payments?: Record<PayMethod, PaymentProvider> },
  c: CancellationRow,
  line: LineRow,
  who: { actor: string; staffId?: number },
  now: Date,
): Promise<boolean> {
  const { db } = deps;
  const refundIds = await db.transaction(async (tx) => {
    const locked = await lockLine(tx, line.id);
    const [still] = await tx.select().from(lineCancellations).where(eq(lineCancellations.id, c.id));
    if (still?.status !== 'booked' || locked.status === 'ended') return [];
    await transitionLine(tx, line.id, { to: 'ended', reason: 'cancellation_done', ...who }, now);
    // A replacement or top-up still open would otherwise be carried out on a terminated number.
    return closeOpenOnLine(tx, line.id, now);
  });
  await sendClosingRefunds({ db, ...(deps.payments ? { payments: deps.payments } : {}) }, refundIds);
  // The database first, then the carrier, retried by the next sweep with the same key until it answers.
  await deps.linePlatform.terminate({ key: `end:${c.id}`, iccid: line.iccid, msisdn: line.msisdn });
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(lineCancellations)
      .set({ status: 'done', closedAt: now })
      .where(and(eq(lineCancellations.id, c.id), eq(lineCancellations.status, 'booked')))
      .returning({ id: lineCancellations.id });
    if (closed.length === 0) return false;
    await notify(tx, {
      userId: line.userId,
      kind: 'line_ended',
      ref: `cancellation:${c.id}`,
      link: CANCEL_LINK,
      params: { lastDay: c.lastDay },
    });
    return true;
  });
}

/**
 * Leaving Japan, asked every minute by the scheduler (server/jobs/scheduled.ts). The day after
 * a cancellation's last day (Tokyo) the line ends (ended_at starts the identity retention
 * clock), then the carrier is asked to terminate it with the key end:<cancellationId> until it
 * acknowledges, and only then is the cancellation done and the customer told. Three days
 * before, the customer is reminded (with the unpaid final bill). Issued MNP numbers past their
 * day expire. Every step is keyed or checked under the line's lock: two servers, or a run
 * cut short, do each once.
 */
export async function leavingSweep(deps: LeavingDeps, now = new Date()) {
  const { db } = deps;
  const today = tokyoDate(now);
  const due = await db
    .select({ c: lineCancellations, line: lines })
    .from(lineCancellations)
    .innerJoin(lines, eq(lines.id, lineCancellations.lineId))
    .where(and(eq(lineCancellations.status, 'booked'), lt(lineCancellations.lastDay, today)));
  let ended = 0;
  for (const { c, line } of due) {
    try {
      if (await endCancelledLine(deps, c, line, { actor: 'scheduler' }, now)) ended += 1;
    } catch (error) {
      deps.log.error({ err: error, cancellationId: c.id }, 'line could not be ended yet');
    }
  }
  const soon = await db
    .select({ c: lineCancellations, userId: lines.userId, chargeStatus: charges.status })
    .from(lineCancellations)
    .innerJoin(lines, eq(lines.id, lineCancellations.lineId))
    .leftJoin(charges, eq(charges.id, lineCancellations.chargeId))
    .where(
      and(
        eq(lineCancellations.status, 'booked'),
        gte(lineCancellations.lastDay, today),
        lte(lineCancellations.lastDay, addDays(today, ENDING_NOTICE_DAYS)),
      ),
    );
  let reminded = 0;
  for (const { c, userId, chargeStatus } of soon) {
    const unpaid = chargeStatus === 'unpaid';
    // Once per cancellation and channel (the outbox's dedupe key).
    const ids = await notify(db, {
      userId,
      kind: 'line_ending',
      ref: `cancellation:${c.id}`,
      link: CANCEL_LINK,
      params: { lastDay: c.lastDay },
      localized: {
        unpaid: unpaid
          ? { cn: message('cn', 'leave.notify.unpaid'), ja: message('ja', 'leave.notify.unpaid') }
          : { cn: '', ja: '' },
      },
    });
    reminded += ids.length;
  }
  const expired = await expirePortOuts(db, today);
  return { ended, reminded, expired };
}
