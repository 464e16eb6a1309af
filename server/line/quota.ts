import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { lines, plans, topups, usageRecords } from '../db/schema.js';

type Reader = Pick<Database, 'select'>;

export interface MonthUsage {
  lineId: number;
  userId: number;
  status: string;
  usedMb: number;
  /** The plan's data plus the add-ons still valid on the day: what "100 %" means. */
  quotaMb: number;
  addonMb: number;
  dataGb: number;
  throttledKbps: number;
}

/**
 * Megabytes of applied top-ups valid on a Tokyo day (validFrom <= day <= validUntil), per line.
 * The one sum of add-ons: the usage page, the data alerts and automatic top-up all read it.
 */
export async function addonMegabytes(db: Reader, lineIds: number[], day: string): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .select({ lineId: topups.lineId, mb: sql<number>`coalesce(sum(${topups.megabytes}), 0)::int` })
    .from(topups)
    .where(
      and(
        inArray(topups.lineId, lineIds),
        eq(topups.status, 'applied'),
        lte(topups.validFrom, day),
        gte(topups.validUntil, day),
      ),
    )
    .groupBy(topups.lineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.mb)]));
}

/** This Tokyo month's use and quota (with add-ons valid on `day`) of the lines. */
export async function monthUsage(db: Reader, lineIds: number[], day: string): Promise<MonthUsage[]> {
  if (lineIds.length === 0) return [];
  const rows = await db
    .select({
      lineId: lines.id,
      userId: lines.userId,
      status: lines.status,
      dataGb: plans.dataGb,
      throttledKbps: plans.throttledKbps,
      used: sql<number>`coalesce(sum(${usageRecords.megabytes}), 0)::int`,
    })
    .from(lines)
    .innerJoin(plans, eq(plans.id, lines.planId))
    .leftJoin(usageRecords, and(eq(usageRecords.lineId, lines.id), gte(usageRecords.day, `${day.slice(0, 7)}-01`)))
    .where(inArray(lines.id, lineIds))
    .groupBy(lines.id, lines.userId, lines.status, plans.dataGb, plans.throttledKbps);
  const addons = await addonMegabytes(db, lineIds, day);
  return rows.map((r) => {
    const addonMb = addons.get(r.lineId) ?? 0;
    return {
      lineId: r.lineId,
      userId: r.userId,
      status: r.status,
      usedMb: Number(r.used),
      addonMb,
      quotaMb: r.dataGb * 1024 + addonMb,
      dataGb: r.dataGb,
      throttledKbps: r.throttledKbps,
    };
  });
}

/** Percent of the quota used, whole, at most 100 (contract/line-rules.ts usagePercent, in megabytes). */
export const percentOf = (usedMb: number, quotaMb: number): number =>
  quotaMb <= 0 ? 100 : Math.min(100, Math.floor((usedMb / quotaMb) * 100));
