import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { nextUsageReset, usagePercent } from '../../contract/line-rules.js';
import type { Database } from '../db/client.js';
import { auditLog, lines, plans, usageRecords } from '../db/schema.js';
import { notify } from './notifications.js';

/** CSV of msisdn,date,megabytes; a day already recorded is replaced (the carrier corrects). */
export async function importUsage(db: Database, actor: string, csv: string, now = new Date()) {
  let imported = 0;
  const problems: string[] = [];
  const known = new Map<string, number>();
  for (const [index, raw] of csv.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || /^msisdn\s*,/i.test(line)) continue;
    const [msisdn = '', day = '', mb = ''] = line.split(',').map((c) => c.trim());
    const number = msisdn.replace(/-/g, '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d+$/.test(mb)) {
      problems.push(`line ${index + 1}: expected msisdn,YYYY-MM-DD,megabytes`);
      continue;
    }
    if (!known.has(number)) {
      const [found] = await db.select({ id: lines.id }).from(lines).where(eq(lines.msisdn, number)).limit(1);
      known.set(number, found?.id ?? 0);
    }
    const lineId = known.get(number)!;
    if (!lineId) {
      problems.push(`line ${index + 1}: no line ${number}`);
      continue;
    }
    await db
      .insert(usageRecords)
      .values({ lineId, day, megabytes: Number(mb) })
      .onConflictDoUpdate({ target: [usageRecords.lineId, usageRecords.day], set: { megabytes: Number(mb) } });
    imported += 1;
  }
  const lineIds = [...known.values()].filter((id) => id > 0);
  const alerts = await notifyDataThresholds(db, lineIds, now);
  await db.insert(auditLog).values({
    actor,
    action: 'usage-import',
    target: 'usage',
    detail: { imported, problems: problems.length, alerts },
  });
  return { imported, problems, alerts };
}

const gb = (mb: number) => (mb / 1024).toFixed(1);

/**
 * Lines that passed 80 % or 100 % of this month's quota are told, once per line, month and
 * threshold (the message key holds all three), however many imports come after.
 */
export async function notifyDataThresholds(db: Database, lineIds: number[], now = new Date()): Promise<number> {
  if (lineIds.length === 0) return 0;
  const today = tokyoDate(now);
  const month = today.slice(0, 7);
  const rows = await db
    .select({
      lineId: lines.id,
      userId: lines.userId,
      dataGb: plans.dataGb,
      kbps: plans.throttledKbps,
      used: sql<number>`coalesce(sum(${usageRecords.megabytes}), 0)::int`,
    })
    .from(lines)
    .innerJoin(plans, eq(plans.id, lines.planId))
    .leftJoin(usageRecords, and(eq(usageRecords.lineId, lines.id), gte(usageRecords.day, `${month}-01`)))
    .where(and(inArray(lines.id, lineIds), eq(lines.status, 'active')))
    .groupBy(lines.id, lines.userId, plans.dataGb, plans.throttledKbps);
  let queued = 0;
  for (const row of rows) {
    const percent = usagePercent(row.used, row.dataGb);
    const kind = percent >= 100 ? 'data_100' : percent >= 80 ? 'data_80' : null;
    if (!kind) continue;
    const ids = await notify(db, {
      userId: row.userId,
      kind,
      ref: `${row.lineId}:${month}`,
      link: '/pages/user/taocan',
      params: { used: gb(row.used), quota: row.dataGb, kbps: row.kbps, resetDate: nextUsageReset(today) },
    });
    queued += ids.length;
  }
  return queued;
}
