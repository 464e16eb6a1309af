import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_PLACEHOLDER } from '../../contract/api.js';
import { userForToken, type SessionUser } from '../services/sessions.js';
import { UnauthorizedError } from './errors.js';

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (!token || token === TOKEN_PLACEHOLDER) return null;
  return token;
}

/** The signed-in user of this request, or a 401 envelope. */
export async function requireUser(app: FastifyInstance, request: FastifyRequest): Promise<{ user: SessionUser; token: string }> {
  const token = tokenOf(request);
  const user = token ? await userForToken(app.db, token, app.sessions) : null;
  if (!user || !token) throw new UnauthorizedError();
  return { user, token };
}

