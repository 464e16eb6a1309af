// Accounts: registration, sign-in (password, WeChat, Alipay, mini-program tickets), activation,
// password reset, the account's language, and one-time continuation links (hand-off).
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { CODE_OK } from '../../contract/api.js';
import { standInsAllowed } from '../config.js';
import { setPageSession } from '../lib/page-session.js';
import { accountRoutes } from './routes/account.js';
import { handoffRoutes } from './routes/handoff.js';
import { sandboxOAuthRoutes } from './routes/sandbox-oauth.js';
import { userRoutes } from './routes/user.js';

export type { OAuthPlatform, OAuthProvider } from './providers/oauth-provider.js';
export { createMiniProgramOAuth, createOAuthProviders } from './providers/create-oauth.js';
export { type AccountDeps, accountLang, sendAccountCode, toUserInfo } from './accounts.js';
export { wechatPayerProvider } from './platform-accounts.js';

/** The token a successful sign-in answer hands the customer (login, register, platform, hand-off). */
function issuedToken(payload: unknown): string | null {
  const envelope = payload as { code?: unknown; data?: { userinfo?: { token?: unknown } } } | null;
  const token = envelope?.code === CODE_OK ? envelope.data?.userinfo?.token : undefined;
  return typeof token === 'string' && token ? token : null;
}

/** Registers the domain's routes (app.ts). */
export async function accountsDomain(app: FastifyInstance): Promise<void> {
  // Wherever a token is handed out, the page-session cookie mirrors it, so the customer's next
  // page arrives drawn (server/lib/page-session.ts). Here, for this domain's routes only.
  // A callback hook: every reply of the domain passes here, and most issue no token.
  app.addHook('preSerialization', (_request, reply, payload, done) => {
    const token = issuedToken(payload);
    if (token) setPageSession(reply, token);
    done(null, payload);
  });
  await app.register(accountRoutes);
  await app.register(userRoutes);
  await app.register(handoffRoutes);
  if (standInsAllowed(app.config) && (app.config.WECHAT_MODE === 'sandbox' || app.config.ALIPAY_MODE === 'sandbox'))
    await app.register(sandboxOAuthRoutes);
}
