import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  stockImportResultSchema,
  stockImportSchema,
  stockQuerySchema,
  stockViewSchema,
} from '../../../contract/esim-views.js';
import { ok, replies } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { requireStaff, type StaffRequest } from '../../lib/staff-auth.js';
import { auditStaff } from '../../lib/staff-sessions.js';
import { withContract } from '../../lib/validate.js';
import type { EsimDeps } from '../profiles.js';
import { importProfiles, stockView } from '../stock.js';

/**
 * Staff's stock (permission `fulfil`): the counts and profiles, and the carrier's CSV import,
 * audited with its counts only (a matching ID never reaches the audit trail).
 */
export function adminEsimRoutes(deps: () => EsimDeps) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = withContract(fastify);
    const staffOf = new WeakMap<FastifyRequest, StaffRequest>();
    // The role is checked before the body or query is read (as in server/staff's routes).
    const guard = {
      preValidation: async (request: FastifyRequest) => {
        staffOf.set(request, await requireStaff(app, request, 'fulfil'));
      },
    };
    const signedIn = (request: FastifyRequest): StaffRequest => {
      const found = staffOf.get(request);
      if (!found) throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
      return found;
    };

    app.get(
      '/api/admin/esim/stock',
      { ...guard, schema: { querystring: stockQuerySchema, response: replies(stockViewSchema) } },
      async (request) => ok(request.lang, await stockView(deps(), request.query)),
    );

    app.post(
      '/api/admin/esim/import',
      {
        ...guard,
        bodyLimit: 4 * 1024 * 1024,
        schema: { body: stockImportSchema, response: replies(stockImportResultSchema) },
      },
      async (request) => {
        const staff = signedIn(request);
        const result = await importProfiles(deps(), request.body.csv, `staff:${staff.actor.login}`);
        await auditStaff(app.db, staff.actor, 'esim-import', 'esim-stock', {
          imported: result.imported,
          skipped: result.skipped.length,
          errors: result.errors.length,
          assigned: result.assigned,
        });
        return ok(request.lang, result);
      },
    );
  };
}
