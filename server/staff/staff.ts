import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { isStaffRole, type StaffStage } from '../../contract/staff-roles.js';
import type { Database } from '../db/client.js';
import { staff, staffSessions } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { auditStaff, sha256, type StaffRow, type StaffSessionRow, type StaffSignedIn } from '../lib/staff-sessions.js';
import { beginLogin, loginFailed, loginSucceeded } from '../lib/auth-throttle.js';
import { decrypt, encrypt, type KeyRing } from '../lib/document-crypto.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { takeAll, type Limit } from '../lib/rate-limits.js';

const randomToken = () => randomBytes(32).toString('base64url');

/** One-time passwords are 16 characters from an alphabet without look-alikes. */
function oneTimePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Staff passwords: 12 characters at least, as NIST asks of accounts that reach sensitive data. */
export const STAFF_PASSWORD_MIN = 12;

// ---- accounts (npm run ops -- staff ...) ----

export class StaffCommandError extends Error {
  override name = 'StaffCommandError';
}

export async function addStaff(db: Database, input: { login: string; name: string; role: string }) {
  const login = input.login.trim().toLowerCase();
  if (!/^[a-z][a-z0-9._-]{2,31}$/.test(login))
    throw new StaffCommandError(
      '--login must be 3-32 letters, digits, dots, hyphens or underscores, starting with a letter',
    );
  if (!isStaffRole(input.role))
    throw new StaffCommandError('--role must be reviewer, fulfilment, support, finance or admin');
  const name = input.name.trim() || login;
  const password = oneTimePassword();
  const [row] = await db
    .insert(staff)
    .values({ login, name, role: input.role, passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new StaffCommandError(`staff ${login} exists; use "staff reset ${login}"`);
  return { staff: row, password };
}

async function endSessions(db: Database, staffId: number, now = new Date(), except = '') {
  await db
    .update(staffSessions)
    .set({ endedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt), ne(staffSessions.tokenHash, except)));
}

export async function disableStaff(db: Database, login: string, now = new Date()) {
  const [row] = await db.update(staff).set({ disabledAt: now }).where(eq(staff.login, login)).returning();
  if (!row) throw new StaffCommandError(`no staff ${login}`);
  await endSessions(db, row.id, now);
  return row;
}

/** A new one-time password and a new second factor: for a lost phone or a forgotten password. */
export async function resetStaff(db: Database, login: string) {
  const password = oneTimePassword();
  const [row] = await db
    .update(staff)
    .set({
      passwordHash: await hashPassword(password),
      mustChangePassword: true,
      totpSecret: null,
      totpConfirmedAt: null,
      totpLastStep: null,
      disabledAt: null,
    })
    .where(eq(staff.login, login))
    .returning();
  if (!row) throw new StaffCommandError(`no staff ${login}`);
  await endSessions(db, row.id);
  return { staff: row, password };
}

// ---- sign-in ----

export interface StaffDeps {
  db: Database;
  /** The document key: TOTP secrets are kept encrypted with it. */
  key: KeyRing;
}

export interface IssuedSession {
  token: string;
  csrf: string;
  stage: StaffStage;
}

async function openSession(
  db: Database,
  row: StaffRow,
  stage: StaffStage,
  ip: string,
  now: Date,
): Promise<IssuedSession> {
  const token = randomToken();
  const csrf = randomToken();
  await db.insert(staffSessions).values({
    tokenHash: sha256(token),
    staffId: row.id,
    stage,
    csrfHash: sha256(csrf),
    ip,
    createdAt: now,
    lastSeenAt: now,
  });
  return { token, csrf, stage };
}

/** The first factor: login and password, under the same limits as customers' sign-in. */
export async function staffPasswordSignIn(
  deps: StaffDeps,
  login: string,
  password: string,
  ip: string,
  now = new Date(),
): Promise<IssuedSession> {
  const key = login.trim().toLowerCase();
  const attempt = await beginLogin(deps.db, `staff:${key}`, ip, now);
  const [row] = await deps.db.select().from(staff).where(eq(staff.login, key)).limit(1);
  const good = await verifyPassword(row?.passwordHash ?? null, password);
  if (!row || !good || row.disabledAt) {
    await loginFailed(deps.db, attempt, now);
    throw new ApiError('STAFF_BAD_LOGIN');
  }
  await loginSucceeded(deps.db, attempt);
  return openSession(deps.db, row, row.totpConfirmedAt ? 'password' : 'totp-setup', ip, now);
}

async function moveTo(db: Database, session: StaffSessionRow, stage: StaffStage, now: Date) {
  await db.update(staffSessions).set({ stage, lastSeenAt: now }).where(eq(staffSessions.tokenHash, session.tokenHash));
}

const afterSecondFactor = (row: StaffRow): StaffStage => (row.mustChangePassword ? 'password-change' : 'active');

/** TOTP code guesses: 5 per 15 minutes per staff member, counted before the code is compared. */
const TOTP_LIMIT: Limit = { bucket: 'staff:totp', limit: 5, windowMs: 15 * 60_000 };

async function checkCode(deps: StaffDeps, row: StaffRow, secret: string, code: string, now: Date): Promise<number> {
  // Said as a sign-in refusal with its wait, as the password step says it.
  await takeAll(
    deps.db,
    [[TOTP_LIMIT, String(row.id)]],
    { key: 'RATE_LIMITED', messageKey: 'api.retryInMinutes' },
    now,
  );
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) throw new ApiError('STAFF_BAD_CODE', 200, { code: 'STAFF_BAD_CODE' });
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(row.totpLastStep !== null ? { afterTimeStep: row.totpLastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) throw new ApiError('STAFF_BAD_CODE', 200, { code: 'STAFF_BAD_CODE' });
  // RFC 6238's time step of the code that matched (30-second periods).
  return Math.floor(now.getTime() / 30_000) + result.delta;
}

/**
 * The secret a staff member is setting up, made on first ask and kept (encrypted) until confirmed.
 * The authenticator lists it under `issuer`: the operator's brand, in Latin letters.
 */
export async function totpSetup(deps: StaffDeps, signedIn: StaffSignedIn, issuer: string) {
  const id = signedIn.staff.id;
  // Tabs asking at once must all show the one secret that is kept: only the first write lands.
  const fresh = encrypt(deps.key, Buffer.from(generateSecret())).toString('base64');
  await deps.db
    .update(staff)
    .set({ totpSecret: fresh })
    .where(and(eq(staff.id, id), isNull(staff.totpSecret)));
  const [row] = await deps.db.select().from(staff).where(eq(staff.id, id)).limit(1);
  // Once confirmed it is never shown again, not even to another session of the one-time password.
  if (!row?.totpSecret || row.totpConfirmedAt) throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
  const secret = decrypt(deps.key, Buffer.from(row.totpSecret, 'base64')).toString();
  return { secret, uri: generateURI({ issuer, label: signedIn.staff.login, secret }) };
}

/** The second factor: a code from the authenticator set up before, or the first one confirming it. */
export async function staffSecondFactor(deps: StaffDeps, signedIn: StaffSignedIn, code: string, now = new Date()) {
  const { staff: row, session } = signedIn;
  if (session.stage !== 'password' && session.stage !== 'totp-setup') throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
  if (!row.totpSecret) throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
  const secret = decrypt(deps.key, Buffer.from(row.totpSecret, 'base64')).toString();
  const step = await checkCode(deps, row, secret, code, now);
  return deps.db.transaction(async (tx) => {
    // The step read with the session may be stale: sessions sending the same code at once all
    // pass checkCode, and only the one whose update still finds an older step may go on.
    const [updated] = await tx
      .update(staff)
      .set({ totpLastStep: step, ...(row.totpConfirmedAt ? {} : { totpConfirmedAt: now }) })
      .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
      .returning();
    if (!updated) throw new ApiError('STAFF_BAD_CODE', 200, { code: 'STAFF_BAD_CODE' });
    const stage = afterSecondFactor(updated);
    await moveTo(tx, session, stage, now);
    await auditStaff(
      tx,
      { id: row.id, login: row.login, ip: session.ip },
      row.totpConfirmedAt ? 'sign-in' : 'totp-set-up',
      row.login,
    );
    return stage;
  });
}

/** Replaces the one-time password with the staff member's own, after the second factor. */
export async function staffNewPassword(deps: StaffDeps, signedIn: StaffSignedIn, password: string, now = new Date()) {
  if (signedIn.session.stage !== 'password-change') throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
  if (password.length < STAFF_PASSWORD_MIN || password.length > 200)
    throw new ApiError('STAFF_PASSWORD_WEAK', 200, { password: 'STAFF_PASSWORD_WEAK' }, { min: STAFF_PASSWORD_MIN });
  if (await verifyPassword(signedIn.staff.passwordHash, password))
    throw new ApiError('STAFF_PASSWORD_WEAK', 200, { password: 'STAFF_PASSWORD_WEAK' }, { min: STAFF_PASSWORD_MIN });
  await deps.db
    .update(staff)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: false })
    .where(eq(staff.id, signedIn.staff.id));
  await moveTo(deps.db, signedIn.session, 'active', now);
  // Other sessions opened with the one-time password end with it.
  await endSessions(deps.db, signedIn.staff.id, now, signedIn.session.tokenHash);
  return 'active' as const;
}

export async function endStaffSession(db: Database, session: StaffSessionRow, now = new Date()) {
  await db.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.tokenHash, session.tokenHash));
}
