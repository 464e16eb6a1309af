import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import type { ReplacementKind } from '../../contract/lifecycle-rules.js';
import type { ReplacementStatus, ReplacementView } from '../../contract/lost-views.js';
import type { Database } from '../db/client.js';
import { auditLog, charges, simReplacements } from '../db/schema.js';

// What the lost report and the replacement share: the rows, their view and the audit trail.

export type ReplacementRow = typeof simReplacements.$inferSelect;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who asks: the customer (customer:<id>) or staff (staff:<login>, with their id and address). */
export interface Actor {
  actor: string;
  staffId?: number;
  ip?: string;
}

/** Not done and not withdrawn: at most one per line (the index sim_replacements_open_key). */
export const OPEN_REPLACEMENT: ReplacementStatus[] = ['awaiting_payment', 'preparing', 'shipped', 'ready_for_pickup'];

export const newReplacementNo = (now: Date): string =>
  `R${tokyoDate(now).replace(/-/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

export function isUniqueViolation(error: unknown, index: string): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const found = e as { code?: unknown; constraint?: unknown };
    if (found.code === '23505') return !found.constraint || found.constraint === index;
  }
  return false;
}

export async function openReplacementOf(db: Database | Tx, lineId: number): Promise<ReplacementRow | null> {
  const [row] = await db
    .select()
    .from(simReplacements)
    .where(and(eq(simReplacements.lineId, lineId), inArray(simReplacements.status, OPEN_REPLACEMENT)))
    .limit(1);
  return row ?? null;
}

/** The open replacement, else the newest one. */
export async function currentReplacementOf(db: Database, lineId: number): Promise<ReplacementRow | null> {
  const open = await openReplacementOf(db, lineId);
  if (open) return open;
  const [row] = await db
    .select()
    .from(simReplacements)
    .where(eq(simReplacements.lineId, lineId))
    .orderBy(desc(simReplacements.id))
    .limit(1);
  return row ?? null;
}

/** An address kept on a replacement, in one line as a label shows it. */
export const addressLine = (address: Record<string, string> | null | undefined): string | null => {
  if (!address) return null;
  const parts = ['province', 'city', 'district', 'block', 'building'].map((f) => address[f] ?? '').filter(Boolean);
  if (parts.length === 0) return null;
  return `${address.postcode ? `〒${address.postcode} ` : ''}${parts.join(' ')}`;
};

export async function replacementView(db: Database, row: ReplacementRow): Promise<ReplacementView> {
  const [charge] = row.chargeId ? await db.select().from(charges).where(eq(charges.id, row.chargeId)).limit(1) : [];
  return {
    replacementNo: row.replacementNo,
    kind: row.kind as ReplacementKind,
    status: row.status as ReplacementStatus,
    fee: charge?.total ?? 0,
    chargeNo: row.status === 'awaiting_payment' ? (charge?.chargeNo ?? null) : null,
    trackingNo: row.trackingNo,
    address: row.kind === 'post' ? addressLine(row.address) : null,
    oldIccidLast4: row.oldIccid.slice(-4),
    newIccidLast4: row.newIccid?.slice(-4) ?? null,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  };
}

export const auditReplacement = (
  tx: Database | Tx,
  by: Actor,
  action: string,
  target: string,
  detail: Record<string, unknown>,
  now: Date,
) =>
  tx.insert(auditLog).values({
    actor: by.actor,
    action,
    target,
    detail,
    staffId: by.staffId ?? null,
    ip: by.ip ?? null,
    at: now,
  });
