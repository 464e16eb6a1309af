import { and, eq, inArray, isNull } from 'drizzle-orm';
import { dataFlows, LINE_STATES } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { lines, topups } from '../db/schema.js';
import type { TopupDeps } from './deps.js';
import { topupsAllowed } from './topups.js';

/**
 * Paid top-ups the carrier has not acknowledged yet get their data there (the speed limit lifts),
 * after the payment committed: asked with the key `topup:<id>`, so a retry, a second sweep or a
 * second server adds it once; acknowledged ones are marked and never asked again. A carrier
 * that does not answer is asked on the next sweep. Returns how many were acknowledged.
 */
export async function pushTopupsToCarrier(
  deps: Pick<TopupDeps, 'db' | 'linePlatform' | 'log'>,
  scope: { lineId?: number } = {},
): Promise<number> {
  const due = await dueForCarrier(deps.db, scope.lineId);
  let acked = 0;
  for (const row of due) {
    // A line whose data does not flow (ended, lost, paused, suspended) is not sent data.
    if (!(await topupsAllowed(deps.db, { id: row.lineId, status: row.lineStatus }))) continue;
    try {
      await deps.linePlatform.addData({
        key: `topup:${row.id}`,
        iccid: row.iccid,
        msisdn: row.msisdn,
        megabytes: row.megabytes,
        validUntil: row.validUntil ?? '',
      });
    } catch (error) {
      deps.log?.error({ err: error, topupId: row.id }, 'carrier did not take the top-up');
      continue;
    }
    await deps.db.update(topups).set({ carrierAckedAt: new Date() }).where(eq(topups.id, row.id));
    acked += 1;
  }
  return acked;
}

const FLOWING = LINE_STATES.filter(dataFlows);

function dueForCarrier(db: Database, lineId: number | undefined) {
  return db
    .select({
      id: topups.id,
      megabytes: topups.megabytes,
      validUntil: topups.validUntil,
      iccid: lines.iccid,
      msisdn: lines.msisdn,
      lineId: lines.id,
      lineStatus: lines.status,
    })
    .from(topups)
    .innerJoin(lines, eq(lines.id, topups.lineId))
    .where(
      and(
        eq(topups.status, 'applied'),
        isNull(topups.carrierAckedAt),
        // Left waiting while the line's data does not flow, without filling the batch.
        inArray(lines.status, FLOWING),
        ...(lineId === undefined ? [] : [eq(topups.lineId, lineId)]),
      ),
    )
    .limit(100);
}
