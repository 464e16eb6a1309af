import type { FastifyInstance } from 'fastify';
import {
  staffCodeSchema,
  staffLoginSchema,
  staffMeSchema,
  staffPasswordSchema,
  staffStageSchema,
  totpSetupSchema,
} from '../../../contract/staff-rules.js';
import { ApiError } from '../../lib/errors.js';
import { nothing, ok, replies } from '../../lib/envelope.js';
import { clearStaffCookie, csrfFor, requireStaff, setStaffCookie, staffTokenOf } from '../../lib/staff-auth.js';
import { withContract } from '../../lib/validate.js';
import { endStaffSession, staffNewPassword, staffPasswordSignIn, staffSecondFactor, totpSetup } from '../staff.js';
import { roleOf, staffSession } from '../../lib/staff-sessions.js';

/**
 * Staff sign-in for the console: password, then TOTP (set up by QR at the first sign-in),
 * then the first time a password of one's own. The session lives in an HttpOnly, Secure,
 * SameSite=Strict cookie; every change echoes the session's CSRF token.
 */
export async function adminAuthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const deps = () => ({ db: app.db, key: app.documents.key });
  const SIGNING_IN = ['password', 'totp-setup'] as const;

  app.post(
    '/api/admin/login',
    { schema: { body: staffLoginSchema, response: replies(staffMeSchema) } },
    async (request, reply) => {
      const { login = '', password = '' } = request.body;
      if (!login || !password) throw new ApiError('STAFF_BAD_LOGIN');
      const issued = await staffPasswordSignIn(deps(), login, password, request.ip);
      setStaffCookie(reply, issued.token);
      const found = await staffSession(app.db, issued.token);
      return ok(request.lang, {
        stage: issued.stage,
        csrf: csrfFor(issued.token),
        staff: { login: found!.staff.login, name: found!.staff.name, role: roleOf(found!.staff) ?? 'support' },
      });
    },
  );

  app.get('/api/admin/me', { schema: { response: replies(staffMeSchema) } }, async (request) => {
    const signedIn = await requireStaff(app, request, null, ['password', 'totp-setup', 'password-change', 'active']);
    const role = roleOf(signedIn.staff);
    if (!role) throw new ApiError('FORBIDDEN', 403);
    return ok(request.lang, {
      stage: signedIn.session.stage as 'active',
      csrf: csrfFor(signedIn.token),
      staff: { login: signedIn.staff.login, name: signedIn.staff.name, role },
    });
  });

  app.get('/api/admin/totp/setup', { schema: { response: replies(totpSetupSchema) } }, async (request) => {
    const signedIn = await requireStaff(app, request, null, ['totp-setup']);
    return ok(request.lang, await totpSetup(deps(), signedIn, app.config.BRAND.latinName));
  });

  app.post(
    '/api/admin/totp',
    { schema: { body: staffCodeSchema, response: replies(staffStageSchema) } },
    async (request) => {
      const signedIn = await requireStaff(app, request, null, SIGNING_IN);
      return ok(request.lang, { stage: await staffSecondFactor(deps(), signedIn, request.body.code ?? '') });
    },
  );

  app.post(
    '/api/admin/password',
    { schema: { body: staffPasswordSchema, response: replies(staffStageSchema) } },
    async (request) => {
      const signedIn = await requireStaff(app, request, null, ['password-change']);
      return ok(request.lang, { stage: await staffNewPassword(deps(), signedIn, request.body.password ?? '') });
    },
  );

  app.post('/api/admin/logout', { schema: { response: replies(nothing) } }, async (request, reply) => {
    // A live session ends only with its CSRF token, like every other change; one already
    // over has nothing to end, and its cookie is cleared all the same.
    const token = staffTokenOf(request);
    const live = token ? await staffSession(app.db, token) : null;
    if (live) {
      const signedIn = await requireStaff(app, request, null, ['password', 'totp-setup', 'password-change', 'active']);
      await endStaffSession(app.db, signedIn.session);
    }
    clearStaffCookie(reply);
    return ok(request.lang, {});
  });
}
