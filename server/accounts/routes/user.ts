import type { FastifyInstance } from 'fastify';
import { langFormSchema } from '../../../contract/account-rules.js';
import { langSavedSchema, userInfoSchema } from '../../../contract/views.js';
import { requireUser, signInFirst } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { saveLanguage, toUserInfo } from '../accounts.js';

export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  app.get('/api/user/userinfo', { schema: { response: replies(userInfoSchema) } }, async (request) => {
    const { user, token } = await requireUser(app, request);
    return ok(request.lang, toUserInfo(user, token));
  });

  // The title-bar switch, signed in: the account's language, for its messages and sign-ins.
  app.post(
    '/api/user/lang',
    { preValidation: signInFirst(app), schema: { body: langFormSchema, response: replies(langSavedSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const lang = await saveLanguage({ db: app.db, sessions: app.sessions }, user, request.body.lang);
      return ok(lang, { lang }, 'api.saved');
    },
  );
}
