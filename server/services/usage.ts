import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { isIsoDate, tokyoDate } from '../../contract/calendar.js';
import { nextUsageReset, usagePercent } from '../../contract/line-rules.js';
import type { Database } from '../db/client.js';
import { auditLog, lines, plans, usageRecords } from '../db/schema.js';
import { notify } from './notifications.js';

export interface UsageRow {
  /** Line of the file, from 1. */
  row: number;
  msisdn: string;
  lineId: number;
  day: string;
  megabytes: number;
}
export type UsageProblem = { row: number; kind: 'format' } | { row: number; kind: 'no-line'; msisdn: string };

/**
 * Reads a usage CSV (msisdn,YYYY-MM-DD,megabytes) against the lines it names, writing nothing:
 * the rows to record, in file order, and the lines that cannot be (a bad row, an unknown number).
 */
export async function readUsageCsv(db: Database, csv: string): Promise<{ rows: UsageRow[]; problems: UsageProblem[] }> {
  const rows: UsageRow[] = [];
  const problems: UsageProblem[] = [];
  const known = new Map<string, number>();
  for (const [index, raw] of csv.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || /^msisdn\s*,/i.test(line)) continue;
    const [msisdn = '', day = '', mb = ''] = line.split(',').map((c) => c.trim());
    const number = msisdn.replace(/-/g, '');
    // A real day, and megabytes the column holds (at most 9 digits).
    if (!isIsoDate(day) || !/^\d{1,9}$/.test(mb)) {
      problems.push({ row: index + 1, kind: 'format' });
      continue;
    }
    if (!known.has(number)) {
      const [found] = await db.select({ id: lines.id }).from(lines).where(eq(lines.msisdn, number)).limit(1);
      known.set(number, found?.id ?? 0);
    }
    const lineId = known.get(number)!;
    if (!lineId) {
      problems.push({ row: index + 1, kind: 'no-line', msisdn: number });
      continue;
    }
    rows.push({ row: index + 1, msisdn: number, lineId, day, megabytes: Number(mb) });
  }
  return { rows, problems };
}

/** Who ran an import or bill run from the staff console, for the audit row. */
export interface ConsoleActor {
  staffId: number;
  ip: string;
}

/** CSV of msisdn,date,megabytes; a day already recorded is replaced (the carrier corrects). */
export async function importUsage(db: Database, actor: string, csv: string, now = new Date(), by?: ConsoleActor) {
  const read = await readUsageCsv(db, csv);
  for (const { lineId, day, megabytes } of read.rows) {
    await db
      .insert(usageRecords)
      .values({ lineId, day, megabytes })
      .onConflictDoUpdate({ target: [usageRecords.lineId, usageRecords.day], set: { megabytes } });
  }
  const imported = read.rows.length;
  const problems = read.problems.map((p) =>
    p.kind === 'format' ? `line ${p.row}: expected msisdn,YYYY-MM-DD,megabytes` : `line ${p.row}: no line ${p.msisdn}`,
  );
  const lineIds = [...new Set(read.rows.map((r) => r.lineId))];
  const alerts = await notifyDataThresholds(db, lineIds, now);
  await db.insert(auditLog).values({
    actor,
    action: 'usage-import',
    target: 'usage',
    detail: { imported, problems: problems.length, alerts },
    ...(by ? { staffId: by.staffId, ip: by.ip } : {}),
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
