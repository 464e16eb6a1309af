import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { isFinal } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { esimReissues, lines, simReplacements } from '../db/schema.js';
import { advanceReissue, openReissue, type EsimDeps } from '../esim/index.js';
import { ApiError } from '../lib/errors.js';
import type { LinePlatform } from '../line/index.js';
import { auditReplacement, type ReplacementRow } from './lost-common.js';
import { completeReplacement } from './replacement-done.js';

// An eSIM replacement is the eSIM domain's reissue, opened free (its fee is the replacement's,
// already paid): the old profile released at the carrier, a new one bound to the same number,
// the line's ICCID switched. Once the reissue is done, the line leaves lost here. Driven by the
// customer's reads and the sweep; any of them may run at once (the reissue's own index keeps
// one open per line, and the replacement takes the reissue only while it has none).

export interface ReplacementDeps {
  db: Database;
  linePlatform: LinePlatform;
  esim: EsimDeps;
}

/** The reissue doing this replacement's work: opened (free) the first time, found after. */
async function reissueFor(deps: ReplacementDeps, row: ReplacementRow): Promise<number | null> {
  if (row.esimReissueId) return row.esimReissueId;
  const { db } = deps;
  const [line] = await db.select().from(lines).where(eq(lines.id, row.lineId));
  if (!line) return null;
  let reissueId: number | null = null;
  try {
    const opened = await openReissue(db, {
      line,
      reason: 'other',
      feeExTax: 0,
      requestedBy: `replacement:${row.replacementNo}`,
    });
    reissueId = opened.id;
  } catch (error) {
    if (!(error instanceof ApiError && error.key === 'REISSUE_OPEN')) throw error;
    // Another run opened it a moment ago: it is the open one of this line.
    const [open] = await db
      .select({ id: esimReissues.id })
      .from(esimReissues)
      .where(
        and(
          eq(esimReissues.lineId, row.lineId),
          inArray(esimReissues.status, ['awaiting_payment', 'processing', 'waiting_stock']),
        ),
      )
      .limit(1);
    reissueId = open?.id ?? null;
  }
  if (reissueId === null) return null;
  const linked = await db
    .update(simReplacements)
    .set({ esimReissueId: reissueId })
    .where(and(eq(simReplacements.id, row.id), isNull(simReplacements.esimReissueId)))
    .returning();
  if (linked.length > 0)
    await auditReplacement(
      db,
      { actor: 'system' },
      'replacement-esim-reissue',
      row.replacementNo,
      { reissueId },
      new Date(),
    );
  const [now] = await db.select().from(simReplacements).where(eq(simReplacements.id, row.id));
  return now?.esimReissueId ?? null;
}

/** Moves one eSIM replacement as far as it goes now; answers its status. */
export async function advanceEsimReplacement(deps: ReplacementDeps, row: ReplacementRow): Promise<string> {
  if (row.kind !== 'esim' || row.status !== 'preparing') return row.status;
  // An ended or ported line gets no new profile: the carrier is not asked (its end closes the replacement).
  const [owner] = await deps.db.select({ status: lines.status }).from(lines).where(eq(lines.id, row.lineId));
  if (!owner || isFinal(owner.status))
    throw new ApiError('LINE_STATE_REFUSED', 200, undefined, { from: owner?.status ?? 'none', to: 'active' });
  const reissueId = await reissueFor(deps, row);
  if (reissueId === null) return row.status;
  await advanceReissue(deps.esim, reissueId);
  const [reissue] = await deps.db.select().from(esimReissues).where(eq(esimReissues.id, reissueId));
  if (reissue?.status !== 'done') return row.status;
  const [line] = await deps.db.select({ iccid: lines.iccid }).from(lines).where(eq(lines.id, row.lineId));
  const done = await completeReplacement(deps, row, line!.iccid, { actor: 'system' });
  return done.status;
}

/** The sweep's part: every paid eSIM replacement moved on; a failure is logged and retried next run. */
export async function replacementSweep(
  deps: ReplacementDeps,
  filter: { lineId?: number } = {},
): Promise<Record<string, number>> {
  const conditions = [eq(simReplacements.kind, 'esim'), eq(simReplacements.status, 'preparing')];
  if (filter.lineId !== undefined) conditions.push(eq(simReplacements.lineId, filter.lineId));
  const due = await deps.db
    .select()
    .from(simReplacements)
    .where(and(...conditions))
    .orderBy(asc(simReplacements.id))
    .limit(100);
  const outcomes: Record<string, number> = {};
  for (const row of due) {
    const outcome = await advanceEsimReplacement(deps, row).catch((error: unknown) => {
      deps.esim.log.error({ replacementNo: row.replacementNo, err: error }, 'replacement did not advance');
      return 'failed';
    });
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return outcomes;
}
