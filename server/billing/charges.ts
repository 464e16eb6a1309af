import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { taxOf } from '../../contract/pricing.js';
import type { Database } from '../db/client.js';
import { charges } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type ChargeRow = typeof charges.$inferSelect;
export type ChargeKind = 'esim_reissue' | 'topup' | 'sim_replacement' | 'final_bill';
export type ChargeItem = NonNullable<ChargeRow['items']>[number];

type ChargeEffect = (tx: Tx, charge: ChargeRow, now: Date) => Promise<void>;
const effects = new Map<string, ChargeEffect>();

/**
 * What paying a charge of a kind does, in the transaction that marks it paid (a top-up applied,
 * a final bill's bills settled): registered by the domain that owns the kind when the app is
 * built, so payments need not know them and a payment and its effect commit together.
 */
export function onChargePaid(kind: ChargeKind, effect: ChargeEffect): void {
  effects.set(kind, effect);
}

/** Runs the effect of a charge just marked paid (the payments domain's settlement). */
export async function chargePaidEffects(tx: Tx, chargeId: number, now: Date): Promise<void> {
  const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).limit(1);
  const effect = charge && effects.get(charge.kind);
  if (charge && effect) await effect(tx, charge, now);
}

type ChargePayable = (db: Database | Tx, charge: ChargeRow) => Promise<void>;
const payableChecks = new Map<string, ChargePayable>();

/**
 * Whether a charge of a kind may still be paid beyond being unpaid (a top-up only while its
 * line's data flows): the check throws the ApiError the customer should read. Registered by the
 * kind's domain at module load, like onChargePaid.
 */
export function onChargePayable(kind: ChargeKind, check: ChargePayable): void {
  payableChecks.set(kind, check);
}

/** Throws the kind's own refusal when the charge may not be paid now (a payment's create). */
export async function assertChargePayable(db: Database | Tx, charge: ChargeRow): Promise<void> {
  const check = payableChecks.get(charge.kind);
  if (check) await check(db, charge);
}

/** The same question at settlement: false sends the money back as a surplus. */
export async function chargeStillPayable(tx: Tx, charge: ChargeRow): Promise<boolean> {
  try {
    await assertChargePayable(tx, charge);
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

function newChargeNo(now: Date): string {
  return `C${tokyoDate(now).replace(/-/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/**
 * A one-off charge for the customer to pay (target type 'charge' of the payment API). The
 * number is short enough to read out on the phone; a clash with an existing one (one in a
 * million a day) takes another number rather than failing the customer's request.
 */
export async function createCharge(
  tx: Tx | Database,
  input: {
    userId: number;
    kind: ChargeKind;
    amountExTax: number;
    lineId?: number;
    items?: ChargeItem[];
    /** The tax when the items carry their own (a final bill's bills keep the tax they were issued with). */
    tax?: number;
  },
  now = new Date(),
): Promise<ChargeRow> {
  for (let round = 0; ; round += 1) {
    const [row] = await tx
      .insert(charges)
      .values({
        chargeNo: newChargeNo(now),
        userId: input.userId,
        kind: input.kind,
        lineId: input.lineId ?? null,
        items: input.items ?? null,
        amount: input.amountExTax,
        tax: input.tax ?? taxOf(input.amountExTax),
        total: input.amountExTax + (input.tax ?? taxOf(input.amountExTax)),
        status: 'unpaid',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    if (round >= 5) throw new Error('no free charge number');
  }
}

/**
 * Withdraws an unpaid charge; a paid one stays paid (CHARGE_NOT_PAYABLE). The row lock makes a
 * cancel and a settlement of the same charge queue: whichever is first decides.
 */
export async function cancelCharge(tx: Tx, chargeId: number): Promise<ChargeRow> {
  const [row] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for('update');
  if (!row) throw new NotFoundError();
  if (row.status === 'cancelled') return row;
  if (row.status !== 'unpaid') throw new ApiError('CHARGE_NOT_PAYABLE');
  const [cancelled] = await tx.update(charges).set({ status: 'cancelled' }).where(eq(charges.id, chargeId)).returning();
  return cancelled!;
}

/** One of the customer's own charges; another customer's number is not found. */
export async function chargeByNo(db: Database | Tx, userId: number, chargeNo: string): Promise<ChargeRow> {
  const [row] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.chargeNo, chargeNo), eq(charges.userId, userId)))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}
