import { and, eq } from 'drizzle-orm';
import type { Lang, UserInfo } from '../../contract/api.js';
import type { Database } from '../db/client.js';
import { userIdentities, users } from '../db/schema.js';
import type { OAuthPlatform, PlatformIdentity } from '../providers/oauth/oauth-provider.js';
import { freeUsername, toUserInfo } from './accounts.js';
import { issueToken, type SessionUser } from './sessions.js';

/** The account linked to a WeChat or Alipay identity, created on first sign-in. */
export async function signInWithIdentity(
  db: Database,
  platform: OAuthPlatform,
  identity: PlatformIdentity,
  lang: Lang,
): Promise<UserInfo> {
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
  return toUserInfo(user, await issueToken(db, user.id));
}
