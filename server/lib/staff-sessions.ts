import { hash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  STAFF_ABSOLUTE_MS,
  STAFF_IDLE_MS,
  STAFF_SIGN_IN_MS,
  isStaffRole,
  type StaffRole,
} from '../../contract/staff-roles.js';
import type { Database } from '../db/client.js';
import { auditLog, staff, staffSessions } from '../db/schema.js';

// What every staff request needs before any staff work runs: its session, its role and the audit
// row of a refusal. Below the staff domain so the closed-by-default hook (plugins/access.ts)
// can ask without importing a domain; signing in, TOTP and accounts are server/staff/staff.ts.

export type StaffRow = typeof staff.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export const sha256 = (value: string) => hash('sha256', value, 'hex');

/** Who did something in the console, for the audit trail. */
export interface StaffActor {
  id: number;
  login: string;
  ip: string;
}

export async function auditStaff(
  db: Database,
  who: StaffActor,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
) {
  await db
    .insert(auditLog)
    .values({ actor: `staff:${who.login}`, action, target, detail, staffId: who.id, ip: who.ip });
}

export interface StaffSignedIn {
  staff: StaffRow;
  session: StaffSessionRow;
}

/** The session a cookie names, if it is still good: not ended, not idle 30 minutes, not 12 hours old. */
export async function staffSession(db: Database, token: string, now = new Date()): Promise<StaffSignedIn | null> {
  const [found] = await db
    .select({ session: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, sha256(token)))
    .limit(1);
  if (!found || found.session.endedAt || found.staff.disabledAt) return null;
  const t = now.getTime();
  const limit = found.session.stage === 'active' ? STAFF_IDLE_MS : STAFF_SIGN_IN_MS;
  if (t - found.session.lastSeenAt.getTime() > limit || t - found.session.createdAt.getTime() > STAFF_ABSOLUTE_MS) {
    await db.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.tokenHash, found.session.tokenHash));
    return null;
  }
  // Written at most once a minute: the idle limit needs no finer clock.
  if (t - found.session.lastSeenAt.getTime() > 60_000)
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, found.session.tokenHash));
  return found;
}

export const csrfMatches = (session: StaffSessionRow, csrf: string | undefined) =>
  !!csrf && sha256(csrf) === session.csrfHash;

/** A role this code does not know allows nothing. */
export const roleOf = (row: StaffRow): StaffRole | null => (isStaffRole(row.role) ? row.role : null);
