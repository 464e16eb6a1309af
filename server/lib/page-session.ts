// The page-session cookie (contract/page-render.ts): the customer's API token again, sent by
// the browser with page requests only (Path=/h5/), so the server can draw personal pages.
// It is no second credential: the API never reads it, and it is the token itself, so a revoked
// or expired token in it signs no one in. It lives no longer than an unused token does.
import type { FastifyReply } from 'fastify';
import { PAGE_SESSION_COOKIE } from '../../contract/page-render.js';
import { TOKEN_IDLE_DAYS } from './sessions.js';

const ATTRIBUTES = { path: '/h5/', httpOnly: true, secure: true, sameSite: 'lax' } as const;

export function setPageSession(reply: FastifyReply, token: string): void {
  reply.setCookie(PAGE_SESSION_COOKIE, token, { ...ATTRIBUTES, maxAge: TOKEN_IDLE_DAYS * 24 * 60 * 60 });
}

/** Expires the cookie in the browser (logout, a token the server no longer knows). */
export function clearPageSession(reply: FastifyReply): void {
  reply.clearCookie(PAGE_SESSION_COOKIE, ATTRIBUTES);
}
