import type { FastifyInstance } from 'fastify';
import { langFormSchema } from '../../../contract/account-rules.js';
import type { UserInfo } from '../../../contract/api.js';
import { langSavedSchema, userInfoSchema } from '../../../contract/views.js';
import { requireUser, signInFirst } from '../../lib/auth.js';
import { nothing, ok, replies } from '../../lib/envelope.js';
import { setPageSession } from '../../lib/page-session.js';
import { frozen } from '../../lib/reply-serializer.js';
import type { SessionUser } from '../../lib/sessions.js';
import { withContract } from '../../lib/validate.js';
import { saveLanguage, toUserInfo } from '../accounts.js';

export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  // The record a signed-in page asks for first, again on every launch: made once per cached
  // account row (a change replaces the row, so a stale record is never found) and frozen, so
  // the reply writer writes its JSON once (lib/reply-serializer.ts).
  const infos = new WeakMap<SessionUser, UserInfo>();
  app.get('/api/user/userinfo', { schema: { response: replies(userInfoSchema) } }, async (request) => {
    // The access hook has nearly always found the session in memory: no second wait for it.
    const { user, token } = request.signedIn ?? (await requireUser(app, request));
    let info = infos.get(user);
    if (info?.token !== token) {
      info = frozen(toUserInfo(user, token));
      infos.set(user, info);
    }
    return ok(request.lang, info);
  });

  // A customer signed in before pages were drawn with a session (the token only in the
  // phone's storage) gets the page-session cookie once; asking again only sets it again.
  app.post('/api/user/page_session', { schema: { response: replies(nothing) } }, async (request, reply) => {
    const { token } = await requireUser(app, request);
    setPageSession(reply, token);
    return ok(request.lang, {});
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
