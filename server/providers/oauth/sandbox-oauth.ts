import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxOauthCodes } from '../../db/schema.js';
import type { OAuthPlatform, OAuthProvider, PlatformIdentity } from './oauth-provider.js';

// Like the real platforms: a code lives five minutes and works once.
const CODE_TTL_MS = 5 * 60 * 1000;

export async function issueSandboxCode(
  db: Database,
  platform: OAuthPlatform,
  identity: PlatformIdentity,
): Promise<string> {
  const code = randomBytes(16).toString('hex');
  await db.insert(sandboxOauthCodes).values({
    code,
    provider: platform,
    subject: identity.subject,
    nickname: identity.nickname,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

export function sandboxOAuth(db: Database, platform: OAuthPlatform): OAuthProvider {
  return {
    platform,
    async exchange(code) {
      const rows = await db
        .update(sandboxOauthCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(sandboxOauthCodes.code, code),
            eq(sandboxOauthCodes.provider, platform),
            isNull(sandboxOauthCodes.usedAt),
            gt(sandboxOauthCodes.expiresAt, new Date()),
          ),
        )
        .returning();
      const row = rows[0];
      return row ? { subject: row.subject, nickname: row.nickname } : null;
    },
  };
}
