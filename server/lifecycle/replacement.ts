import { and, desc, eq } from 'drizzle-orm';
import type { ReplacementKind } from '../../contract/lifecycle-rules.js';
import type { LostLineView } from '../../contract/lost-views.js';
import { withTax } from '../../contract/pricing.js';
import { cancelCharge, createCharge, onChargePaid } from '../billing/index.js';
import type { Database } from '../db/client.js';
import { lineEvents, simReplacements } from '../db/schema.js';
import { customerLine, esimLineView } from '../esim/index.js';
import { ApiError } from '../lib/errors.js';
import { formatMsisdn, lockLine, profileOf, type LineRow } from '../line/index.js';
import {
  addressLine,
  auditReplacement,
  currentReplacementOf,
  isUniqueViolation,
  newReplacementNo,
  openReplacementOf,
  replacementView,
  type Actor,
  type ReplacementRow,
} from './lost-common.js';

// The replacement of a lost SIM (docs/lost-sim.md): asked for on a lost line only, one open per
// line, its fee (SIM_REPLACEMENT_FEE) paid as a charge through the payment machinery. Paid (or
// free) it is `preparing`: staff post it or keep it for pickup and activate it by its ICCID
// (replacement-staff.ts), or the eSIM domain's reissue does the work (replacement-esim.ts).

const ADDRESS_FIELDS = ['postcode', 'province', 'city', 'district', 'block', 'building'] as const;

/** The customer's current address, where a posted SIM goes (the line domain's profile). */
async function postalAddress(db: Database, userId: number): Promise<Record<string, string> | null> {
  const { info } = await profileOf(db, userId);
  const address = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, info[f] ?? '']));
  return addressLine(address) ? address : null;
}

/** A line on an eSIM may get a new profile; a physical SIM gets a new card (docs/lost-sim.md). */
async function kindsFor(db: Database, userId: number): Promise<ReplacementKind[]> {
  const esim = await esimLineView(db, userId, 0);
  return esim.esim ? ['post', 'pickup', 'esim'] : ['post', 'pickup'];
}

/** The customer's own eSIM reissue still open: an eSIM replacement would be taken for it. */
const reissueOpen = async (db: Database, userId: number): Promise<boolean> =>
  (await esimLineView(db, userId, 0)).openReissue !== null;

/** The lost page's state: the line, when it was reported, the fee, the ways and the replacement. */
export async function lostLineView(db: Database, userId: number, feeExTax: number): Promise<LostLineView> {
  const line = await customerLine(db, userId);
  const address = addressLine(await postalAddress(db, userId));
  if (!line)
    return {
      hasLine: false,
      status: null,
      msisdn: null,
      lostAt: null,
      fee: withTax(feeExTax),
      kinds: [],
      address,
      replacement: null,
    };
  const [report] =
    line.status === 'lost'
      ? await db
          .select({ at: lineEvents.at })
          .from(lineEvents)
          .where(and(eq(lineEvents.lineId, line.id), eq(lineEvents.toStatus, 'lost')))
          .orderBy(desc(lineEvents.at), desc(lineEvents.id))
          .limit(1)
      : [];
  const row = await currentReplacementOf(db, line.id);
  return {
    hasLine: true,
    status: line.status as LostLineView['status'],
    msisdn: formatMsisdn(line.msisdn),
    lostAt: report?.at.toISOString() ?? null,
    fee: withTax(feeExTax),
    kinds: await kindsFor(db, userId),
    address,
    replacement: row ? await replacementView(db, row) : null,
  };
}

/**
 * Opens the replacement of a lost line: REPLACEMENT_NOT_LOST unless lost, REPLACEMENT_OPEN while
 * one is open (also when a racing request won the unique index). Its charge is made in the same
 * transaction, so a refused request leaves none behind. Free ones are `preparing` at once.
 */
export async function requestReplacement(
  db: Database,
  input: { line: LineRow; kind: ReplacementKind; feeExTax: number; by: Actor },
  now = new Date(),
): Promise<ReplacementRow> {
  const { line, kind, by } = input;
  if (!(await kindsFor(db, line.userId)).includes(kind)) throw new ApiError('NOT_ESIM_LINE');
  if (kind === 'esim' && (await reissueOpen(db, line.userId))) throw new ApiError('REISSUE_OPEN');
  const address = kind === 'post' ? await postalAddress(db, line.userId) : null;
  if (kind === 'post' && !address) throw new ApiError('REQUIRED', 200, { address: 'REQUIRED' });
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockLine(tx, line.id);
      if (locked.status !== 'lost') throw new ApiError('REPLACEMENT_NOT_LOST');
      if (await openReplacementOf(tx, line.id)) throw new ApiError('REPLACEMENT_OPEN');
      const charge =
        input.feeExTax > 0
          ? await createCharge(
              tx,
              {
                userId: line.userId,
                kind: 'sim_replacement',
                amountExTax: input.feeExTax,
                lineId: line.id,
                items: [{ code: 'sim_replacement', amount: input.feeExTax }],
              },
              now,
            )
          : null;
      const [row] = await tx
        .insert(simReplacements)
        .values({
          replacementNo: newReplacementNo(now),
          lineId: line.id,
          kind,
          status: charge ? 'awaiting_payment' : 'preparing',
          chargeId: charge?.id ?? null,
          oldIccid: locked.iccid,
          address,
          requestedBy: by.actor,
          createdAt: now,
        })
        .returning();
      await auditReplacement(
        tx,
        by,
        'replacement-requested',
        row!.replacementNo,
        { lineId: line.id, kind, fee: charge?.total ?? 0 },
        now,
      );
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'sim_replacements_open_key')) throw new ApiError('REPLACEMENT_OPEN');
    throw error;
  }
}

/**
 * Withdraws the line's replacement while its fee is unpaid, with its charge (a payment landing
 * later is refunded by the payment machinery). Paid a moment ago, it goes on.
 */
export async function cancelReplacement(db: Database, line: LineRow, by: Actor, now = new Date()) {
  return db.transaction(async (tx) => {
    await lockLine(tx, line.id);
    const row = await openReplacementOf(tx, line.id);
    if (!row) throw new ApiError('NO_REPLACEMENT');
    if (row.status !== 'awaiting_payment') throw new ApiError('CHARGE_NOT_PAYABLE');
    if (row.chargeId) await cancelCharge(tx, row.chargeId);
    const [cancelled] = await tx
      .update(simReplacements)
      .set({ status: 'cancelled', doneAt: now })
      .where(eq(simReplacements.id, row.id))
      .returning();
    await auditReplacement(tx, by, 'replacement-cancelled', row.replacementNo, { lineId: line.id }, now);
    return cancelled!;
  });
}

// Paying the fee starts the work, in the payment's own transaction (module load: the app and
// the worker both have it).
onChargePaid('sim_replacement', async (tx, charge, now) => {
  const moved = await tx
    .update(simReplacements)
    .set({ status: 'preparing' })
    .where(and(eq(simReplacements.chargeId, charge.id), eq(simReplacements.status, 'awaiting_payment')))
    .returning();
  for (const row of moved)
    await auditReplacement(
      tx,
      { actor: 'system' },
      'replacement-paid',
      row.replacementNo,
      { chargeNo: charge.chargeNo },
      now,
    );
});
