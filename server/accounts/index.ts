// Accounts: registration, sign-in (password, WeChat, Alipay, mini-program tickets), activation,
// password reset, the account's language, and one-time continuation links (hand-off).
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { standInsAllowed } from '../config.js';
import { accountRoutes } from './routes/account.js';
import { handoffRoutes } from './routes/handoff.js';
import { sandboxOAuthRoutes } from './routes/sandbox-oauth.js';
import { userRoutes } from './routes/user.js';

export type { OAuthPlatform, OAuthProvider } from './providers/oauth-provider.js';
export { createMiniProgramOAuth, createOAuthProviders } from './providers/create-oauth.js';
export { type AccountDeps, accountLang, sendAccountCode, toUserInfo } from './accounts.js';
export { wechatPayerProvider } from './platform-accounts.js';

/** Registers the domain's routes (app.ts). */
export async function accountsDomain(app: FastifyInstance): Promise<void> {
  await app.register(accountRoutes);
  await app.register(userRoutes);
  await app.register(handoffRoutes);
  if (standInsAllowed(app.config) && (app.config.WECHAT_MODE === 'sandbox' || app.config.ALIPAY_MODE === 'sandbox'))
    await app.register(sandboxOAuthRoutes);
}
