import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../contract/staff-roles.js';
import { ApiError } from '../lib/errors.js';
import { requireStaff, type StaffRequest } from '../lib/staff-auth.js';

const signedIn = new WeakMap<FastifyRequest, StaffRequest>();

/**
 * A route's `preValidation` hook: the staff member, their CSRF token and their role's
 * `permission` are checked (a refusal audited) before the request's body or query is even
 * validated, so a role without the right learns nothing, not even which fields are wrong.
 */
export const staffGuard = (app: FastifyInstance, permission: Permission) => async (request: FastifyRequest) => {
  signedIn.set(request, await requireStaff(app, request, permission));
};

/** The staff member `staffGuard` let through for this request. */
export function staffOf(request: FastifyRequest): StaffRequest {
  const found = signedIn.get(request);
  if (!found) throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
  return found;
}
