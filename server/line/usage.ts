import { parse } from 'csv-parse/sync';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import { isIsoDate, tokyoDate } from '../../contract/calendar.js';
import { nextUsageReset } from '../../contract/line-rules.js';
import { dataFlows, LINE_STATES } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { auditLog, linePauses, lines, usageRecords } from '../db/schema.js';
import { notify } from '../notifications/index.js';
import { monthUsage, percentOf } from './quota.js';

export interface UsageRow {
  /** Line of the file, from 1. */
  row: number;
  msisdn: string;
  lineId: number;
  day: string;
  megabytes: number;
}
export type UsageProblem = { row: number; kind: 'format' } | { row: number; kind: 'no-line'; msisdn: string };

const CSV_OPTIONS = { record_delimiter: '\n', relax_column_count: true, relax_quotes: true } as const;

const parseOrNull = (text: string): string[][] | null => {
  try {
    return parse(text, CSV_OPTIONS);
  } catch {
    return null;
  }
};

/**
 * The file's non-blank lines as CSV records (quoted fields may hold commas and doubled quotes),
 * each with its line number from 1; `cells` is null for a line that is no record, a quote left
 * open. No field of this file holds a line break, so a record is a line.
 */
function csvRecords(csv: string): { row: number; cells: string[] | null }[] {
  const filled = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line, index) => ({ row: index + 1, line }))
    .filter(({ line }) => line.trim() !== '');
  // The whole file in one pass, when it reads as one record a line...
  const all = parseOrNull(filled.map(({ line }) => line).join('\n'));
  if (all && all.length === filled.length && !all.some((cells) => cells.some((cell) => cell.includes('\n'))))
    return filled.map(({ row }, index) => ({ row, cells: all[index]!.map((cell) => cell.trim()) }));
  // ...else an open quote joined lines: each is read alone, so one broken line takes no other with it.
  return filled.map(({ row, line }) => ({ row, cells: parseOrNull(line)?.[0]?.map((cell) => cell.trim()) ?? null }));
}

/**
 * Reads a usage CSV (msisdn,YYYY-MM-DD,megabytes) against the lines it names, writing nothing:
 * the rows to record, in file order, and the lines that cannot be (a bad row, an unknown number).
 */
export async function readUsageCsv(db: Database, csv: string): Promise<{ rows: UsageRow[]; problems: UsageProblem[] }> {
  const rows: UsageRow[] = [];
  const problems: UsageProblem[] = [];
  const known = new Map<string, number>();
  for (const { row, cells } of csvRecords(csv)) {
    if (cells && cells.length > 1 && /^msisdn$/i.test(cells[0]!)) continue;
    const [msisdn = '', day = '', mb = ''] = cells ?? [];
    const number = msisdn.replace(/-/g, '');
    // A real day, and megabytes the column holds (at most 9 digits).
    if (!isIsoDate(day) || !/^\d{1,9}$/.test(mb)) {
      problems.push({ row, kind: 'format' });
      continue;
    }
    if (!known.has(number)) {
      const [found] = await db.select({ id: lines.id }).from(lines).where(eq(lines.msisdn, number)).limit(1);
      known.set(number, found?.id ?? 0);
    }
    const lineId = known.get(number)!;
    if (!lineId) {
      problems.push({ row, kind: 'no-line', msisdn: number });
      continue;
    }
    rows.push({ row, msisdn: number, lineId, day, megabytes: Number(mb) });
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

// A paused, lost or suspended line has no data on: what the carrier reports for it is kept, but
// no alert goes out (contract/line-states.ts dataFlows); nor for a cancelling line whose pause
// still runs (data-flows.ts dataFlowsNow says the same for one line).
const DATA_FLOWS = LINE_STATES.filter(dataFlows);

const gb = (mb: number) => (mb / 1024).toFixed(1);

/**
 * Lines that passed 80 % or 100 % of this month's quota are told, once per line, month and
 * threshold (the message key holds all three), however many imports come after.
 */
export async function notifyDataThresholds(db: Database, lineIds: number[], now = new Date()): Promise<number> {
  if (lineIds.length === 0) return 0;
  const today = tokyoDate(now);
  const month = today.slice(0, 7);
  const flowing = await db
    .select({ id: lines.id })
    .from(lines)
    .where(
      and(
        inArray(lines.id, lineIds),
        inArray(lines.status, DATA_FLOWS),
        notExists(
          db
            .select({ id: linePauses.id })
            .from(linePauses)
            .where(and(eq(linePauses.lineId, lines.id), eq(linePauses.status, 'running'))),
        ),
      ),
    );
  const rows = await monthUsage(
    db,
    flowing.map((l) => l.id),
    today,
  );
  let queued = 0;
  for (const row of rows) {
    // Against the quota with the add-ons still valid today (server/line/quota.ts).
    const percent = percentOf(row.usedMb, row.quotaMb);
    const kind = percent >= 100 ? 'data_100' : percent >= 80 ? 'data_80' : null;
    if (!kind) continue;
    const ids = await notify(db, {
      userId: row.userId,
      kind,
      ref: `${row.lineId}:${month}`,
      link: '/pages/user/taocan',
      params: {
        used: gb(row.usedMb),
        quota: Number(gb(row.quotaMb)),
        kbps: row.throttledKbps,
        resetDate: nextUsageReset(today),
      },
    });
    queued += ids.length;
  }
  return queued;
}
