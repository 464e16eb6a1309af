import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountCodeFormSchema,
  authCodeSchema,
  emailCodeSchema,
  wechatPayerSchema,
  emailOnlySchema,
  loginSchema,
  profileSchema,
  registerSchema,
  setPasswordWithCodeSchema,
} from '../../../contract/account-rules.js';
import { signedInSchema, userInfoSchema } from '../../../contract/views.js';
import { requireUser, signInFirst } from '../../lib/auth.js';
import { nothing, ok, replies } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { parseWith, withContract } from '../../lib/validate.js';
import {
  accountLang,
  fastRegister,
  login,
  register,
  sendAccountCode,
  sendChangeEmailCode,
  setPasswordWithCode,
  updateProfile,
  type AccountDeps,
} from '../accounts.js';
import { rememberPayer, signInWithIdentity } from '../platform-accounts.js';
import { signOut } from '../../lib/sessions.js';
import { clearPageSession } from '../../lib/page-session.js';

/** Register, log in, activate, retrieve, profile, log out and platform sign-in. */
export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const deps = (request: FastifyRequest): AccountDeps => ({
    db: app.db,
    sessions: app.sessions,
    mail: app.mail,
    config: app.config,
    log: request.log,
  });
  const signedIn = replies(signedInSchema);

  app.post('/api/user/register', { schema: { body: registerSchema, response: signedIn } }, async (request) => {
    const userinfo = await register(deps(request), request.body, request.lang, request.ip);
    return ok(request.lang, { userinfo }, 'api.registered');
  });

  app.post('/api/user/login', { schema: { body: loginSchema, response: signedIn } }, async (request) => {
    const userinfo = await login(deps(request), request.body, request.ip);
    return ok(request.lang, { userinfo });
  });

  app.post('/api/user/fast_register', { schema: { body: emailOnlySchema, response: signedIn } }, async (request) => {
    const userinfo = await fastRegister(deps(request), request.body.email, request.lang, request.ip);
    return ok(request.lang, { userinfo });
  });

  // Without `code` these send one; with it they set the password and sign the customer in.
  for (const [path, purpose] of [
    ['/api/user/activation', 'activation'],
    ['/api/user/retrieve', 'retrieve'],
  ] as const) {
    app.post(
      path,
      { schema: { body: accountCodeFormSchema, response: replies(z.object({ userinfo: userInfoSchema.optional() })) } },
      async (request) => {
        if (!request.body.code) {
          const { email } = parseWith(emailOnlySchema, request.body);
          await sendAccountCode(deps(request), purpose, email, request.ip);
          return ok(request.lang, {}, 'api.codeSentIfExists');
        }
        const input = parseWith(setPasswordWithCodeSchema, request.body);
        const userinfo = await setPasswordWithCode(deps(request), purpose, input, request.ip);
        return ok(request.lang, { userinfo }, purpose === 'activation' ? 'api.activated' : 'api.passwordReset');
      },
    );
  }

  app.post(
    '/api/ems/send',
    { preValidation: signInFirst(app), schema: { body: emailCodeSchema, response: replies(nothing) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      // In the account's language, like every message to the customer.
      await sendChangeEmailCode(deps(request), user, request.body.email, accountLang(user), request.ip);
      return ok(request.lang, {}, 'api.codeSent');
    },
  );

  app.post(
    '/api/user/profile',
    { preValidation: signInFirst(app), schema: { body: profileSchema, response: signedIn } },
    async (request) => {
      const { user, token } = await requireUser(app, request);
      const userinfo = await updateProfile(deps(request), user, token, request.body);
      return ok(request.lang, { userinfo }, 'api.saved');
    },
  );

  app.post('/api/user/logout', { schema: { response: replies(nothing) } }, async (request, reply) => {
    const { user, token } = await requireUser(app, request);
    await signOut(app.db, user.id, token, app.sessions);
    clearPageSession(reply);
    return ok(request.lang, {}, 'api.loggedOut');
  });

  // A signed-in customer inside WeChat, before WeChat Pay: a silent snsapi_base code tells their
  // openid, which JSAPI orders name as the payer. It signs no one in and links no account.
  app.post(
    '/api/user/wechat_payer',
    { preValidation: signInFirst(app), schema: { body: wechatPayerSchema, response: replies(nothing) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const identity = await app.oauth.wechat.exchange(request.body.auth_code).catch(() => null);
      if (!identity?.payer) throw new ApiError('OAUTH_FAILED');
      await rememberPayer(app.db, user.id, identity.payer);
      return ok(request.lang, {});
    },
  );

  app.post('/api/user/auth_code', { schema: { body: authCodeSchema, response: signedIn } }, async (request) => {
    const { platform, auth_code: code } = request.body;
    const identity = await app.oauth[platform].exchange(code);
    if (!identity) throw new ApiError('OAUTH_FAILED');
    const userinfo = await signInWithIdentity(app.db, platform, identity, request.lang);
    return ok(request.lang, { userinfo });
  });
}
