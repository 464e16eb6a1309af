import type { FastifyInstance } from 'fastify';
import { requireUser } from '../lib/auth.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope.js';
import { toUserInfo } from '../services/accounts.js';

export const userInfoSchema = {
  type: 'object',
  required: ['id', 'username', 'email', 'token'],
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    email: { type: ['string', 'null'] },
    hasPassword: { type: 'boolean' },
    mobile: { type: ['string', 'null'] },
    lang: { type: 'string' },
    token: { type: 'string' },
  },
};

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/user/userinfo',
    { schema: { response: { 200: envelopeSchema(userInfoSchema), 401: errorEnvelopeSchema } } },
    async (request) => {
      const { user, token } = await requireUser(app, request);
      return ok(request.lang, toUserInfo(user, token));
    },
  );
}
