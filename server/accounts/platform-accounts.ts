import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Lang, UserInfo } from '../../contract/api.js';
import type { Database } from '../db/client.js';
import { handoffTokens, userIdentities, users } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import type { OAuthPlatform, PlatformIdentity } from './providers/oauth-provider.js';
import { freeUsername, toUserInfo } from './accounts.js';
import { hashToken, issueToken, type SessionUser } from '../lib/sessions.js';

/**
 * The account linked to a WeChat or Alipay identity, created on first sign-in (never from a
 * silent snsapi_base sign-in: the person has not consented yet). The payer's openid for the
 * app they came from is kept, for WeChat Pay orders from that app.
 */
async function accountOf(
  db: Database,
  platform: OAuthPlatform,
  identity: PlatformIdentity,
  lang: Lang,
): Promise<SessionUser> {
  const find = async (): Promise<SessionUser | undefined> => {
    const [row] = await db
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, platform), eq(userIdentities.subject, identity.subject)))
      .limit(1);
    return row?.user;
  };
  let user = await find();
  if (!user && identity.scope === 'base') throw new ApiError('OAUTH_CONSENT_REQUIRED');
  if (!user) {
    const username = await freeUsername(db, identity.nickname || (platform === 'wechat' ? 'wx' : 'ali'));
    try {
      user = await db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values({ username, lang }).returning();
        await tx.insert(userIdentities).values({ userId: created!.id, provider: platform, subject: identity.subject });
        return created!;
      });
    } catch (error) {
      // The same person signing in twice at once: the other request linked it first.
      user = await find();
      if (!user) throw error;
    }
  }
  if (identity.payer) await rememberPayer(db, user.id, identity.payer);
  return user;
}

/**
 * Who pays from a WeChat app: their openid there, for this account. An openid pays for the
 * account that last proved it (a person may have made a second account).
 */

/** How a WeChat payer is known to one app: their openid there (JSAPI and mini-program orders need it). */
export const wechatPayerProvider = (appId: string) => `wechat-payer:${appId}`;

export async function rememberPayer(
  db: Database,
  userId: number,
  payer: { appId: string; openid: string },
): Promise<void> {
  await db
    .insert(userIdentities)
    .values({ userId, provider: wechatPayerProvider(payer.appId), subject: payer.openid })
    .onConflictDoUpdate({ target: [userIdentities.provider, userIdentities.subject], set: { userId } });
}

export async function signInWithIdentity(
  db: Database,
  platform: OAuthPlatform,
  identity: PlatformIdentity,
  lang: Lang,
): Promise<UserInfo> {
  const user = await accountOf(db, platform, identity, lang);
  return toUserInfo(user, await issueToken(db, user.id));
}

// Long enough for the mini-program to open its web view; the ticket works once.
const TICKET_TTL_MS = 5 * 60 * 1000;

/**
 * A mini-program signed its user in (wx.login / my.getAuthCode): a one-time ticket it puts in
 * its web view's URL, redeemed like a hand-off link (/api/handoff/redeem). Only its hash is kept.
 */
export async function miniProgramTicket(
  db: Database,
  platform: OAuthPlatform,
  identity: PlatformIdentity,
  lang: Lang,
  now = new Date(),
): Promise<{ ticket: string; expiresAt: string }> {
  const user = await accountOf(db, platform, { ...identity, scope: 'userinfo' }, lang);
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TICKET_TTL_MS);
  await db.insert(handoffTokens).values({ tokenHash: hashToken(ticket), userId: user.id, createdAt: now, expiresAt });
  return { ticket, expiresAt: expiresAt.toISOString() };
}
