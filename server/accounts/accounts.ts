import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Lang, UserInfo } from '../../contract/api.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { users, userTokens } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import type { MailProvider } from '../notifications/index.js';
import { sendCodeMail } from './account-mail.js';
import { beginLogin, clearAccountFailures, loginFailed, loginSucceeded, rememberPair } from '../lib/auth-throttle.js';
import { CODE_CHECKS, codeChecksKey, consumeCode, issueCode, type CodePurpose } from './email-codes.js';
import { resetLimit, takeAll, type Limit } from '../lib/rate-limits.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import type { SessionCache } from '../lib/session-cache.js';
import { endHandoffs, issueToken, type SessionUser } from '../lib/sessions.js';

export interface AccountDeps {
  db: Database;
  /** Told at once about this process's own changes to an account or its sessions. */
  sessions?: SessionCache;
  mail: MailProvider;
  config: Config;
  log: { error(obj: object, msg: string): void };
}

// Code mails cost the recipient's patience and our sending reputation: one a minute and
// five an hour per address and purpose, twenty an hour per client address, counted the
// same whether or not the address has an account so the answers give nothing away.
const MAIL_PER_MINUTE: Limit = { bucket: 'email:minute', limit: 1, windowMs: 60_000 };
const MAIL_PER_HOUR: Limit = { bucket: 'email:hour', limit: 5, windowMs: 3_600_000 };
const MAIL_PER_IP: Limit = { bucket: 'email:ip', limit: 20, windowMs: 3_600_000 };
// Registration tells whether an address is taken, so it is limited per client address.
export const REGISTER_PER_IP: Limit = { bucket: 'register:ip', limit: 30, windowMs: 3_600_000 };

async function limitCodeMail(deps: AccountDeps, purpose: CodePurpose, email: string, ip: string): Promise<void> {
  await takeAll(deps.db, [[MAIL_PER_MINUTE, `${purpose}:${email}`]], { key: 'CODE_TOO_SOON' });
  await takeAll(deps.db, [
    [MAIL_PER_HOUR, `${purpose}:${email}`],
    [MAIL_PER_IP, ip],
  ]);
  // Whether or not a mail goes out (an unknown address gets none), so nothing tells them apart.
  await resetLimit(deps.db, CODE_CHECKS, codeChecksKey(purpose, email));
}

/** Work the answer must not wait for (nor show by its timing): errors are logged, never thrown. */
function afterAnswer(deps: AccountDeps, work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((error: unknown) => deps.log.error({ err: error }, 'sending mail failed'));
  });
}

/** The language the customer reads: what they chose last, kept on the account. */
export function accountLang(user: Pick<SessionUser, 'lang'>): Lang {
  return user.lang === 'ja' ? 'ja' : 'cn';
}

export function toUserInfo(user: SessionUser, token: string): UserInfo {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    mobile: user.mobile,
    lang: accountLang(user),
    hasPassword: user.passwordHash !== null,
    token,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

async function findByEmail(db: Database, email: string): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

async function usernameTaken(db: Database, username: string, exceptId = 0): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), ne(users.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** A username nobody has, from a wish (an e-mail's local part, a WeChat nickname). */
export async function freeUsername(db: Database, wish: string): Promise<string> {
  const base = (wish.normalize('NFKC').replace(/[^\p{L}\p{N}_\-.]/gu, '') || 'user').slice(0, 24);
  for (let i = 0; i < 20; i += 1) {
    const candidate = i === 0 && base.length >= 2 ? base : `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  return `user${Date.now()}`;
}

async function signIn(db: Database, user: SessionUser): Promise<UserInfo> {
  return toUserInfo(user, await issueToken(db, user.id));
}

export async function register(
  deps: AccountDeps,
  input: { username: string; email: string; password: string },
  lang: Lang,
  ip: string,
): Promise<UserInfo> {
  const { db } = deps;
  await takeAll(db, [[REGISTER_PER_IP, ip]]);
  if (await findByEmail(db, input.email)) throw new ApiError('EMAIL_TAKEN', 200, { email: 'EMAIL_TAKEN' });
  if (await usernameTaken(db, input.username))
    throw new ApiError('USERNAME_TAKEN', 200, { username: 'USERNAME_TAKEN' });
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ username: input.username, email: input.email, passwordHash, lang })
      .returning();
    await rememberPair(db, input.email, ip);
    return await signIn(db, user!);
  } catch (error) {
    // Two registrations racing for the same address or name: the unique index decides.
    if (isUniqueViolation(error)) throw new ApiError('EMAIL_TAKEN', 200, { email: 'EMAIL_TAKEN' });
    throw error;
  }
}

export async function login(
  deps: AccountDeps,
  input: { email: string; password: string },
  ip: string,
): Promise<UserInfo> {
  const { db } = deps;
  // Counted before the check, so concurrent guesses cannot all slip under the limit.
  const attempt = await beginLogin(db, input.email, ip);
  const user = await findByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await loginFailed(db, attempt);
    throw new ApiError('LOGIN_FAILED');
  }
  await loginSucceeded(db, attempt);
  return signIn(db, user);
}

async function sendCode(
  deps: AccountDeps,
  lang: Lang,
  purpose: CodePurpose,
  email: string,
  userId: number | null,
  linkPath?: string,
): Promise<void> {
  const code = await issueCode(deps.db, email, purpose, userId);
  const link = linkPath
    ? `${deps.config.PUBLIC_URL}/h5${linkPath}?${new URLSearchParams({ email, code }).toString()}`
    : undefined;
  try {
    await sendCodeMail(deps.mail, lang, purpose, email, code, link);
  } catch (error) {
    deps.log.error({ err: error }, 'sending mail failed');
    throw new ApiError('MAIL_FAILED');
  }
}

/** Account from the e-mail given while buying a card: signed in at once, password set later. */
export async function fastRegister(deps: AccountDeps, email: string, lang: Lang, ip: string): Promise<UserInfo> {
  const { db } = deps;
  await takeAll(db, [[REGISTER_PER_IP, ip]]);
  if (await findByEmail(db, email)) throw new ApiError('EMAIL_REGISTERED', 200, { email: 'EMAIL_REGISTERED' });
  const username = await freeUsername(db, email.split('@')[0] ?? '');
  let user: SessionUser;
  try {
    [user] = (await db.insert(users).values({ username, email, lang }).returning()) as [SessionUser];
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('EMAIL_REGISTERED', 200, { email: 'EMAIL_REGISTERED' });
    throw error;
  }
  const info = await signIn(db, user);
  // The welcome mail carries the activation code, so the customer can set a password later.
  // The account exists now: a used-up mail limit skips the welcome mail, not the sign-in.
  const mailAllowed = await limitCodeMail(deps, 'activation', email, ip).then(
    () => true,
    () => false,
  );
  const userId = user.id;
  if (mailAllowed) afterAnswer(deps, () => sendCode(deps, lang, 'activation', email, userId, '/pages/public/activate'));
  return info;
}

/**
 * Sends an activation code (to an account without a password) or a reset code (to any
 * account). The limits are taken and the answer given before anyone looks the address up,
 * so neither the answer, its limits nor its timing tell whether the address has an account.
 */
export async function sendAccountCode(
  deps: AccountDeps,
  purpose: 'activation' | 'retrieve',
  email: string,
  ip: string,
): Promise<void> {
  await limitCodeMail(deps, purpose, email, ip);
  afterAnswer(deps, async () => {
    const user = await findByEmail(deps.db, email);
    if (!user || (purpose === 'activation' && user.passwordHash !== null)) return;
    // The mail goes to the account's owner, in the account's language, whichever language
    // the page that asked was in.
    await sendCode(
      deps,
      accountLang(user),
      purpose,
      email,
      user.id,
      `/pages/public/${purpose === 'activation' ? 'activate' : 'retrieve'}`,
    );
  });
}

/** Sets a password with an e-mailed code; it ends every session, link and ticket the account had. */
export async function setPasswordWithCode(
  deps: AccountDeps,
  purpose: 'activation' | 'retrieve',
  input: { email: string; code: string; password: string },
  ip: string,
): Promise<UserInfo> {
  const { db } = deps;
  const used = await consumeCode(db, input.email, purpose, input.code);
  const user = used.ok ? await findByEmail(db, input.email) : undefined;
  if (!used.ok || !user || (used.userId !== null && used.userId !== user.id)) {
    throw new ApiError('CODE_WRONG', 200, { code: 'CODE_WRONG' });
  }
  if (purpose === 'activation' && user.passwordHash !== null) throw new ApiError('ALREADY_ACTIVE');
  const passwordHash = await hashPassword(input.password);
  const [updated] = await db.transaction(async (tx) => {
    await endHandoffs(tx, user.id);
    await tx
      .update(userTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(userTokens.userId, user.id), isNull(userTokens.revokedAt)));
    return tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).returning();
  });
  deps.sessions?.forgetUser(user.id);
  await clearAccountFailures(db, input.email);
  await rememberPair(db, input.email, ip);
  return signIn(db, updated!);
}

export async function sendChangeEmailCode(
  deps: AccountDeps,
  user: SessionUser,
  email: string,
  lang: Lang,
  ip: string,
): Promise<void> {
  if (email === user.email) throw new ApiError('NO_CHANGES');
  const owner = await findByEmail(deps.db, email);
  if (owner) throw new ApiError('EMAIL_TAKEN', 200, { email: 'EMAIL_TAKEN' });
  await limitCodeMail(deps, 'change_email', email, ip);
  await sendCode(deps, lang, 'change_email', email, user.id);
}

/**
 * The title-bar switch of a signed-in customer: mail, SMS and WeChat messages are composed in
 * this language from now on, and every sign-in tells the app to show it.
 */
export async function saveLanguage(
  deps: Pick<AccountDeps, 'db' | 'sessions'>,
  user: SessionUser,
  lang: Lang,
): Promise<Lang> {
  await deps.db.update(users).set({ lang }).where(eq(users.id, user.id));
  // The cached session holds the row as it was: the user info must say the new language now.
  deps.sessions?.forgetUser(user.id);
  return lang;
}

export async function updateProfile(
  deps: AccountDeps,
  user: SessionUser,
  token: string,
  input: { username: string; email?: string | undefined; code?: string | undefined },
): Promise<UserInfo> {
  const { db } = deps;
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.username !== user.username) {
    if (await usernameTaken(db, input.username, user.id)) {
      throw new ApiError('USERNAME_TAKEN', 200, { username: 'USERNAME_TAKEN' });
    }
    changes.username = input.username;
  }
  if (input.email && input.email !== user.email) {
    if (!input.code) throw new ApiError('CODE_REQUIRED', 200, { code: 'CODE_REQUIRED' });
    const used = await consumeCode(db, input.email, 'change_email', input.code);
    if (!used.ok || used.userId !== user.id) throw new ApiError('CODE_WRONG', 200, { code: 'CODE_WRONG' });
    if (await findByEmail(db, input.email)) throw new ApiError('EMAIL_TAKEN', 200, { email: 'EMAIL_TAKEN' });
    changes.email = input.email;
  }
  if (Object.keys(changes).length === 0) throw new ApiError('NO_CHANGES');
  try {
    const [updated] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
    deps.sessions?.forgetUser(user.id);
    return toUserInfo(updated!, token);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('USERNAME_TAKEN', 200, { username: 'USERNAME_TAKEN' });
    throw error;
  }
}
