import type { FastifyInstance } from 'fastify';
import type { UserInfo } from '../../contract/api.js';
import { requireUser } from '../lib/auth.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope.js';
import type { SessionUser } from '../services/sessions.js';

export const userInfoSchema = {
  type: 'object',
  required: ['id', 'username', 'email', 'token'],
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    email: { type: 'string' },
    mobile: { type: ['string', 'null'] },
    lang: { type: 'string' },
    token: { type: 'string' },
  },
};

export function toUserInfo(user: SessionUser, token: string): UserInfo {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    mobile: user.mobile,
    lang: user.lang === 'ja' ? 'ja' : 'cn',
    token,
  };
}

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
