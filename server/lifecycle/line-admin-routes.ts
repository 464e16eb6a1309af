import type { FastifyInstance } from 'fastify';
import { customerParamsSchema } from '../../contract/admin-customers-views.js';
import { adminLineActionSchema, adminLineSchema } from '../../contract/pause-views.js';
import { ok, replies } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { auditStaff } from '../lib/staff-sessions.js';
import { staffGuard } from '../lib/staff-auth.js';
import { withContract } from '../lib/validate.js';
import { adminLine, lineAction } from './line-admin.js';
import type { PauseDeps } from './pause.js';

/**
 * The console's line panel [customers]: GET the line, POST one action. Every action is audited,
 * a refused one with the refusal, so the trail shows what was tried as well as what was done.
 */
export function lineAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  // The role is checked before the body is read, so a refusal is audited whatever it carried.
  const staff = staffGuard(app);
  const guard = staff.guard('customers');
  const staffOf = staff.signedIn;
  const deps = (): PauseDeps => ({
    db: app.db,
    linePlatform: app.linePlatform,
    keepNumberFee: app.config.KEEP_NUMBER_FEE,
  });

  app.get(
    '/api/admin/customers/:id/line',
    { ...guard, schema: { params: customerParamsSchema, response: replies(adminLineSchema) } },
    async (request) => ok(request.lang, await adminLine(deps(), request.params.id)),
  );

  app.post(
    '/api/admin/customers/:id/line',
    {
      ...guard,
      schema: { params: customerParamsSchema, body: adminLineActionSchema, response: replies(adminLineSchema) },
    },
    async (request) => {
      const { actor } = staffOf(request);
      const target = String(request.params.id);
      const action = `line-${request.body.action.replace('_', '-')}`;
      try {
        const done = await lineAction(deps(), request.params.id, actor, request.body);
        await auditStaff(app.db, actor, action, target, { lineId: done.lineId, ...done.detail });
      } catch (error) {
        if (error instanceof ApiError) await auditStaff(app.db, actor, action, target, { refused: error.key });
        throw error;
      }
      return ok(request.lang, await adminLine(deps(), request.params.id));
    },
  );
  return Promise.resolve();
}
