import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_PLACEHOLDER } from '../../contract/api.js';
import { userForToken, userForTokenNow, type SessionUser } from './sessions.js';
import { UnauthorizedError } from './errors.js';

export interface SignedIn {
  user: SessionUser;
  token: string;
}

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (!token || token === TOKEN_PLACEHOLDER) return null;
  return token;
}

/**
 * The signed-in user of this request when memory knows its token (no promise to wait for),
 * remembered on the request like requireUser's answer; null when requireUser must ask.
 */
export function signedInNow(app: FastifyInstance, request: FastifyRequest): SignedIn | null {
  if (request.signedIn) return request.signedIn;
  const token = tokenOf(request);
  const user = token ? userForTokenNow(token, app.sessions) : undefined;
  if (!user || !token) return null;
  request.signedIn = { user, token };
  return request.signedIn;
}

/** The signed-in user of this request, or a 401 envelope; looked up once per request. */
export async function requireUser(app: FastifyInstance, request: FastifyRequest): Promise<SignedIn> {
  if (request.signedIn) return request.signedIn;
  const token = tokenOf(request);
  const user = token ? await userForToken(app.db, token, app.sessions) : null;
  if (!user || !token) throw new UnauthorizedError();
  request.signedIn = { user, token };
  return request.signedIn;
}

/**
 * A `preValidation` hook for signed-in routes whose body carries contract rules: the body is
 * judged before the handler runs, and a visitor whose session ended must get the 401 (and be
 * sent to sign in), not a field error. The handler still calls `requireUser`, which answers
 * from the request without a second lookup.
 */
export function signInFirst(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireUser(app, request);
  };
}
