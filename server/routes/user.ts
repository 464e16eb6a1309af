import type { FastifyInstance } from 'fastify';
import { userInfoSchema } from '../../contract/views.js';
import { requireUser } from '../lib/auth.js';
import { ok, replies } from '../lib/envelope.js';
import { withContract } from '../lib/validate.js';
import { toUserInfo } from '../services/accounts.js';

export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  app.get('/api/user/userinfo', { schema: { response: replies(userInfoSchema) } }, async (request) => {
    const { user, token } = await requireUser(app, request);
    return ok(request.lang, toUserInfo(user, token));
  });
}
