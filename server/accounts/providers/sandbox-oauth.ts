import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxOauthCodes } from '../../db/schema.js';
import type { OAuthPlatform, OAuthProvider, PlatformIdentity } from './oauth-provider.js';

// Like the real platforms: a code lives five minutes and works once.
const CODE_TTL_MS = 5 * 60 * 1000;

/** Who issues the code: a web page's authorization, or a mini-program's login (wx.login, my.getAuthCode). */
export type SandboxCodeIssuer = OAuthPlatform | 'wechat-miniprogram' | 'alipay-miniprogram';

export async function issueSandboxCode(
  db: Database,
  issuer: SandboxCodeIssuer,
  identity: PlatformIdentity,
): Promise<string> {
  const code = randomBytes(16).toString('hex');
  await db.insert(sandboxOauthCodes).values({
    code,
    provider: issuer,
    subject: identity.subject,
    nickname: identity.nickname,
    scope: identity.scope ?? 'userinfo',
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

/**
 * The sandbox's side of a code exchange. `payerAppId`: the WeChat app whose openid the sandbox
 * identity is (the subject doubles as the openid here).
 */
export function sandboxOAuth(
  db: Database,
  platform: OAuthPlatform,
  issuer: SandboxCodeIssuer = platform,
  payerAppId?: string,
): OAuthProvider {
  return {
    platform,
    async exchange(code) {
      const rows = await db
        .update(sandboxOauthCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(sandboxOauthCodes.code, code),
            eq(sandboxOauthCodes.provider, issuer),
            isNull(sandboxOauthCodes.usedAt),
            gt(sandboxOauthCodes.expiresAt, new Date()),
          ),
        )
        .returning();
      const row = rows[0];
      if (!row) return null;
      return {
        subject: row.subject,
        nickname: row.nickname,
        scope: row.scope === 'base' ? 'base' : 'userinfo',
        ...(payerAppId ? { payer: { appId: payerAppId, openid: row.subject } } : {}),
      };
    },
  };
}
