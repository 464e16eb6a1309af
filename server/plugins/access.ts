import type { FastifyInstance } from 'fastify';
import { STAFF_STAGES } from '../../contract/staff-roles.js';
import { requireUser, signedInNow } from '../lib/auth.js';
import { accessOf, type Access } from '../lib/public-routes.js';
import { requireStaff } from '../lib/staff-auth.js';

/**
 * Closed by default (lib/public-routes.ts): on the root instance before any route is added,
 * so it holds for every route. Who the caller is comes first, before the body is read or any
 * field judged, so a visitor whose session ended gets the 401 (and is sent to sign in).
 * Handlers still call `requireUser` / `requireStaff` for whom they act for, a role's
 * permission and a sign-in step's stage; those answer from what this looked up.
 */
export function closeByDefault(app: FastifyInstance): void {
  // A callback hook rather than an async one: a public read (most of them) passes on at once,
  // with no promise made for it.
  // Who may call a route is fixed when it is added: worked out on its first request, then read
  // from its config (one object per route and method; HEAD reads as GET either way).
  const known = new WeakMap<object, Access>();
  app.addHook('onRequest', (request, _reply, done) => {
    const { url, config } = request.routeOptions;
    // No route matched: the not-found handler answers, with nothing to protect.
    if (url === undefined) return done();
    let access = known.get(config);
    if (access === undefined) {
      access = accessOf(request.method, url);
      known.set(config, access);
    }
    let check: Promise<unknown>;
    switch (access) {
      case 'customer':
        // A session in memory passes on at once; only one memory lacks waits for the database.
        if (signedInNow(app, request)) return done();
        check = requireUser(app, request);
        break;
      // Session, then its CSRF token on a change, then its stage: requireStaff's order and answers.
      case 'staff':
        check = requireStaff(app, request, null);
        break;
      case 'staff-signing-in':
        check = requireStaff(app, request, null, STAFF_STAGES);
        break;
      case 'anyone':
        return done();
    }
    check.then(
      () => done(),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}
