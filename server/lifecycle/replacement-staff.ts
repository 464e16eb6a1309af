import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Lang } from '../../contract/api.js';
import type { StaffLostPanel, StaffReplacement } from '../../contract/lost-views.js';
import type { Database } from '../db/client.js';
import { lines, simReplacements } from '../db/schema.js';
import { customerLine } from '../esim/index.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { message } from '../lib/messages.js';
import { formatMsisdn, type LinePlatform } from '../line/index.js';
import { notify } from '../notifications/index.js';
import { auditReplacement, OPEN_REPLACEMENT, replacementView, type Actor, type ReplacementRow } from './lost-common.js';
import { completeReplacement } from './replacement-done.js';

// Staff's part of a replacement (the console): post it with its tracking number or keep it for
// pickup (the customer told how), then activate the new SIM by its ICCID. Each step audited.

const notNow = () => new ApiError('STATUS_CONFLICT', 200, undefined, {}, 'lost.errors.notNow');

async function staffView(db: Database, row: ReplacementRow): Promise<StaffReplacement> {
  const [line] = await db.select().from(lines).where(eq(lines.id, row.lineId));
  return {
    ...(await replacementView(db, row)),
    userId: line!.userId,
    msisdn: formatMsisdn(line!.msisdn),
    lineStatus: line!.status as StaffReplacement['lineStatus'],
    oldIccid: row.oldIccid,
    newIccid: row.newIccid,
    requestedBy: row.requestedBy,
  };
}

/** The customer page's panel: the current line and its replacements, newest first. */
export async function staffLostPanel(db: Database, userId: number): Promise<StaffLostPanel> {
  const line = await customerLine(db, userId);
  if (!line) return { lineId: null, lineStatus: null, msisdn: null, replacements: [] };
  const rows = await db
    .select()
    .from(simReplacements)
    .where(eq(simReplacements.lineId, line.id))
    .orderBy(desc(simReplacements.id))
    .limit(20);
  return {
    lineId: line.id,
    lineStatus: line.status as StaffLostPanel['lineStatus'],
    msisdn: formatMsisdn(line.msisdn),
    replacements: await Promise.all(rows.map((row) => staffView(db, row))),
  };
}

/** Open replacements, oldest first: the fulfilment queue. */
export async function openReplacements(db: Database): Promise<StaffReplacement[]> {
  const rows = await db
    .select()
    .from(simReplacements)
    .where(inArray(simReplacements.status, OPEN_REPLACEMENT))
    .orderBy(asc(simReplacements.id))
    .limit(100);
  return Promise.all(rows.map((row) => staffView(db, row)));
}

async function byNo(db: Database, replacementNo: string): Promise<ReplacementRow> {
  const [row] = await db.select().from(simReplacements).where(eq(simReplacements.replacementNo, replacementNo));
  if (!row) throw new NotFoundError();
  return row;
}

const howWords = (key: string, trackingNo: string) =>
  Object.fromEntries((['cn', 'ja'] as Lang[]).map((lang) => [lang, message(lang, key, { trackingNo })])) as Record<
    Lang,
    string
  >;

/**
 * A posted SIM handed to the courier (trackingNo), or a pickup one ready at the store: only from
 * preparing, once; the customer is told how it reaches them.
 */
export async function sendReplacement(
  db: Database,
  replacementNo: string,
  send: { way: 'ship'; trackingNo: string } | { way: 'pickup' },
  by: Actor,
  now = new Date(),
): Promise<StaffReplacement> {
  const row = await byNo(db, replacementNo);
  const ship = send.way === 'ship';
  const moved = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(simReplacements).where(eq(simReplacements.id, row.id)).for('update');
    if (current?.status !== 'preparing' || current.kind !== (ship ? 'post' : 'pickup')) throw notNow();
    const trackingNo = send.way === 'ship' ? send.trackingNo : null;
    const [next] = await tx
      .update(simReplacements)
      .set({ status: ship ? 'shipped' : 'ready_for_pickup', trackingNo })
      .where(eq(simReplacements.id, row.id))
      .returning();
    await auditReplacement(
      tx,
      by,
      ship ? 'replacement-shipped' : 'replacement-ready',
      replacementNo,
      trackingNo ? { trackingNo } : {},
      now,
    );
    const [line] = await tx.select({ userId: lines.userId }).from(lines).where(eq(lines.id, row.lineId));
    await notify(tx, {
      userId: line!.userId,
      kind: 'sim_replacement_sent',
      ref: `${replacementNo}:${ship ? 'shipped' : 'ready'}`,
      params: { replacementNo },
      localized: { how: howWords(ship ? 'lost.how.shipped' : 'lost.how.pickup', trackingNo ?? '') },
      link: '/pages/user/lost',
    });
    return next!;
  });
  return staffView(db, moved);
}

/** The new SIM activated by its ICCID (a posted one received, a pickup one handed over). */
export async function activateReplacement(
  deps: { db: Database; linePlatform: LinePlatform },
  replacementNo: string,
  iccid: string,
  by: Actor,
  now = new Date(),
): Promise<StaffReplacement> {
  const row = await byNo(deps.db, replacementNo);
  if (row.kind === 'esim' || !['shipped', 'ready_for_pickup'].includes(row.status)) throw notNow();
  const done = await completeReplacement(deps, row, iccid, by, now);
  return staffView(deps.db, done);
}
