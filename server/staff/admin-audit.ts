import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditList, StaffList } from '../../contract/admin-api.js';
import type { AuditQuery } from '../../contract/admin-audit-views.js';
import { addDays } from '../../contract/calendar.js';
import type { Database } from '../db/client.js';
import { auditLog, staff } from '../db/schema.js';
import { roleOf } from '../lib/staff-sessions.js';

/** Rows the audit page and its CSV answer at most, newest first. */
export const AUDIT_ROWS = 500;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** The first moment of a Tokyo day. */
const tokyoMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** The audit trail, filtered: a part of the actor or target (any case), the exact action, Tokyo days from and to (both included). */
export async function auditRows(db: Database, filter: AuditQuery, onlyStaffId?: number): Promise<AuditList> {
  const where: SQL[] = [];
  if (onlyStaffId !== undefined) where.push(eq(auditLog.staffId, onlyStaffId));
  const actor = filter.actor?.trim();
  const action = filter.action?.trim();
  const target = filter.target?.trim();
  if (actor) where.push(sql`${auditLog.actor} ilike ${containing(actor)}`);
  if (action) where.push(eq(auditLog.action, action));
  if (target) where.push(sql`${auditLog.target} ilike ${containing(target)}`);
  if (filter.from) where.push(gte(auditLog.at, tokyoMidnight(filter.from)));
  if (filter.to) where.push(lt(auditLog.at, tokyoMidnight(addDays(filter.to, 1))));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_ROWS);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actor,
      action: r.action,
      target: r.target,
      ip: r.ip,
      detail: JSON.stringify(r.detail ?? {}),
    })),
  };
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
 * doubled. A cell a spreadsheet would take for a formula (starting with = + - @, a tab or a
 * carriage return) is prefixed with ' first (OWASP's guard against CSV injection).
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

const AUDIT_COLUMNS = ['id', 'at', 'actor', 'action', 'target', 'ip', 'detail'] as const;

/** The audit rows as CSV: a header, CRLF line ends, and a byte-order mark so spreadsheets read it as UTF-8. */
export function auditCsv(list: AuditList): string {
  const lines = [
    AUDIT_COLUMNS.join(','),
    ...list.rows.map((row) => AUDIT_COLUMNS.map((c) => csvCell(row[c])).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Staff accounts and where each stands: signed in all the way once, still to finish the first sign-in, or disabled. */
export async function staffList(db: Database): Promise<StaffList> {
  const rows = await db.select().from(staff).orderBy(asc(staff.login));
  return {
    staff: rows.flatMap((row) => {
      const role = roleOf(row);
      if (!role) return [];
      const state = row.disabledAt
        ? ('disabled' as const)
        : row.totpConfirmedAt && !row.mustChangePassword
          ? ('active' as const)
          : ('not-signed-in' as const);
      return [{ login: row.login, name: row.name, role, state }];
    }),
  };
}
