import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '../../contract/staff-rules.js';
import { allows, STAFF_ABSOLUTE_MS, type Permission, type StaffStage } from '../../contract/staff-roles.js';
import { auditStaff, roleOf, staffSession, type StaffSignedIn } from './staff-sessions.js';
import { ApiError } from './errors.js';

/** The session cookie: HttpOnly, Secure, SameSite=Strict, sent only to the staff API. */
export const STAFF_COOKIE = 'sm_staff';
const COOKIE_PATH = '/api/admin';

export function setStaffCookie(reply: FastifyReply, token: string) {
  void reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: COOKIE_PATH,
    maxAge: STAFF_ABSOLUTE_MS / 1000,
  });
}

export function clearStaffCookie(reply: FastifyReply) {
  void reply.clearCookie(STAFF_COOKIE, { httpOnly: true, secure: true, sameSite: 'strict', path: COOKIE_PATH });
}

/**
 * The CSRF token of a session, derived from its cookie's token so the server keeps nothing
 * more: a page of this origin reads it from /api/admin/me and echoes it; another site can do
 * neither (the cookie is SameSite=Strict and the answer is not readable cross-origin).
 */
export const csrfFor = (token: string) => hash('sha256', `csrf:${token}`, 'base64url');

export const staffTokenOf = (request: FastifyRequest): string | null => request.cookies[STAFF_COOKIE] ?? null;

const lookedUp = new WeakMap<FastifyRequest, Promise<StaffSignedIn | null>>();

/**
 * The session of this request's cookie, looked up once: the closed-by-default hook
 * (plugins/access.ts) and the handler's `requireStaff` both ask.
 */
export function staffSessionOf(app: FastifyInstance, request: FastifyRequest): Promise<StaffSignedIn | null> {
  let found = lookedUp.get(request);
  if (!found) {
    const token = staffTokenOf(request);
    found = token ? staffSession(app.db, token) : Promise.resolve(null);
    lookedUp.set(request, found);
  }
  return found;
}

export interface StaffRequest extends StaffSignedIn {
  token: string;
  actor: { id: number; login: string; ip: string };
}

/**
 * The staff member of this request, at `stage` (active unless a sign-in step asks for
 * another), with `permission` when one is named. A change must carry the session's CSRF
 * token. A refusal for the role is audited: who asked for what, from where.
 */
export async function requireStaff(
  app: FastifyInstance,
  request: FastifyRequest,
  permission: Permission | null,
  stages: readonly StaffStage[] = ['active'],
): Promise<StaffRequest> {
  const token = staffTokenOf(request);
  const found = await staffSessionOf(app, request);
  if (!found || !token) throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || sent !== csrfFor(token)) throw new ApiError('CSRF_REFUSED', 403);
  }
  if (!stages.includes(found.session.stage as StaffStage)) throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
  const actor = { id: found.staff.id, login: found.staff.login, ip: request.ip };
  if (permission) {
    const role = roleOf(found.staff);
    if (!role || !allows(role, permission)) {
      await auditStaff(app.db, actor, 'denied', request.routeOptions.url ?? request.url.split('?')[0] ?? '', {
        permission,
        method: request.method,
      });
      throw new ApiError('FORBIDDEN', 403);
    }
  }
  return { ...found, token, actor };
}

/**
 * A staff route's role check, run before its body or query is read (preValidation) so a refusal
 * is audited whatever the request carried; `signedIn` hands the handler the staff member it
 * checked. One per routes plugin: `const { guard, signedIn } = staffGuard(app)`.
 */
export function staffGuard(app: FastifyInstance) {
  const checked = new WeakMap<FastifyRequest, StaffRequest>();
  return {
    guard: (permission: Permission) => ({
      preValidation: async (request: FastifyRequest) => {
        checked.set(request, await requireStaff(app, request, permission));
      },
    }),
    signedIn: (request: FastifyRequest): StaffRequest => {
      const found = checked.get(request);
      if (!found) throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
      return found;
    },
  };
}
