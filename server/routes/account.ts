import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  authCodeSchema,
  emailCodeSchema,
  emailOnlySchema,
  loginSchema,
  profileSchema,
  registerSchema,
  setPasswordWithCodeSchema,
} from '../../contract/account-rules.js';
import { requireUser } from '../lib/auth.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { formBody, parseWith } from '../lib/validate.js';
import {
  fastRegister,
  login,
  register,
  sendAccountCode,
  sendChangeEmailCode,
  setPasswordWithCode,
  updateProfile,
  type AccountDeps,
} from '../services/accounts.js';
import { signInWithIdentity } from '../services/platform-accounts.js';
import { revokeToken } from '../services/sessions.js';
import { userInfoSchema } from './user.js';

const userinfoEnvelope = envelopeSchema({
  type: 'object',
  required: ['userinfo'],
  properties: { userinfo: userInfoSchema },
});
const emptyEnvelope = envelopeSchema({ type: 'object', additionalProperties: false, properties: {} });
const signedIn = { 200: { anyOf: [userinfoEnvelope, errorEnvelopeSchema] } };
const plain = { 200: { anyOf: [emptyEnvelope, errorEnvelopeSchema] }, 401: errorEnvelopeSchema };

/** Register, log in, activate, retrieve, profile, log out and platform sign-in. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const deps = (request: FastifyRequest): AccountDeps => ({ db: app.db, sessions: app.sessions, mail: app.mail, config: app.config, log: request.log });

  app.post(
    '/api/user/register',
    { schema: { body: formBody(['username', 'email', 'password', 'repassword']), response: signedIn } },
    async (request) => {
      const input = parseWith(registerSchema, request.body);
      const userinfo = await register(deps(request), input, request.lang, request.ip);
      return ok(request.lang, { userinfo }, 'api.registered');
    },
  );

  app.post(
    '/api/user/login',
    { schema: { body: formBody(['email', 'password']), response: signedIn } },
    async (request) => {
      const input = parseWith(loginSchema, request.body);
      const userinfo = await login(deps(request), input, request.ip);
      return ok(request.lang, { userinfo });
    },
  );

  app.post(
    '/api/user/fast_register',
    { schema: { body: formBody(['email']), response: signedIn } },
    async (request) => {
      const { email } = parseWith(emailOnlySchema, request.body);
      const userinfo = await fastRegister(deps(request), email, request.lang, request.ip);
      return ok(request.lang, { userinfo });
    },
  );

  // Without `code` these send one; with it they set the password and sign the customer in.
  for (const [path, purpose] of [
    ['/api/user/activation', 'activation'],
    ['/api/user/retrieve', 'retrieve'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          body: formBody(['email', 'code', 'password', 'repassword']),
          response: { 200: { anyOf: [userinfoEnvelope, emptyEnvelope, errorEnvelopeSchema] } },
        },
      },
      async (request) => {
        const body = (request.body ?? {}) as Record<string, string>;
        if (!body.code) {
          const { email } = parseWith(emailOnlySchema, body);
          await sendAccountCode(deps(request), purpose, email, request.lang, request.ip);
          return ok(request.lang, {}, 'api.codeSentIfExists');
        }
        const input = parseWith(setPasswordWithCodeSchema, body);
        const userinfo = await setPasswordWithCode(deps(request), purpose, input, request.ip);
        return ok(request.lang, { userinfo }, purpose === 'activation' ? 'api.activated' : 'api.passwordReset');
      },
    );
  }

  app.post('/api/ems/send', { schema: { body: formBody(['email', 'event']), response: plain } }, async (request) => {
    const { user } = await requireUser(app, request);
    const { email } = parseWith(emailCodeSchema, request.body);
    await sendChangeEmailCode(deps(request), user, email, request.lang, request.ip);
    return ok(request.lang, {}, 'api.codeSent');
  });

  app.post(
    '/api/user/profile',
    {
      schema: {
        body: formBody(['username', 'email', 'code']),
        response: { 200: { anyOf: [userinfoEnvelope, errorEnvelopeSchema] }, 401: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { user, token } = await requireUser(app, request);
      const body = (request.body ?? {}) as Record<string, string>;
      const input = parseWith(profileSchema, {
        username: body.username,
        email: body.email || undefined,
        code: body.code || undefined,
      });
      const userinfo = await updateProfile(deps(request), user, token, input);
      return ok(request.lang, { userinfo }, 'api.saved');
    },
  );

  app.post('/api/user/logout', { schema: { response: plain } }, async (request) => {
    const { token } = await requireUser(app, request);
    await revokeToken(app.db, token, app.sessions);
    return ok(request.lang, {}, 'api.loggedOut');
  });

  app.post(
    '/api/user/auth_code',
    { schema: { body: formBody(['auth_code', 'platform'], 512), response: signedIn } },
    async (request) => {
      const input = parseWith(authCodeSchema, request.body);
      const identity = await app.oauth[input.platform].exchange(input.auth_code);
      if (!identity) throw new ApiError('OAUTH_FAILED');
      const userinfo = await signInWithIdentity(app.db, input.platform, identity, request.lang);
      return ok(request.lang, { userinfo });
    },
  );
}
