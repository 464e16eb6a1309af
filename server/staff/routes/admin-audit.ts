import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows } from '../../../contract/staff-roles.js';
import { auditListSchema, auditQuerySchema, staffListSchema } from '../../../contract/admin-audit-views.js';
import { tokyoDate } from '../../../contract/calendar.js';
import { ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { staffGuard, staffOf } from '../admin-access.js';
import { auditCsv, auditRows, staffList } from '../admin-audit.js';
import { auditStaff, roleOf } from '../../lib/staff-sessions.js';

/**
 * The audit trail [audit] (each other role: their own rows [ownAudit]), on the page and as a CSV download (the download itself audited),
 * and the staff list [staff]. Nothing here changes or removes an audit row: the table refuses.
 */
export async function adminAuditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  // An admin reads the whole trail; everyone else only their own rows, whatever they filter.
  const ownOnly = (request: FastifyRequest) => {
    const { staff: who } = staffOf(request);
    const role = roleOf(who);
    return role && allows(role, 'audit') ? undefined : who.id;
  };

  app.get(
    '/api/admin/audit',
    {
      preValidation: staffGuard(app, 'ownAudit'),
      schema: { querystring: auditQuerySchema, response: replies(auditListSchema) },
    },
    async (request) => ok(request.lang, await auditRows(app.db, request.query, ownOnly(request))),
  );

  app.get(
    '/api/admin/audit.csv',
    { preValidation: staffGuard(app, 'ownAudit'), schema: { querystring: auditQuerySchema } },
    async (request, reply) => {
      const list = await auditRows(app.db, request.query, ownOnly(request));
      await auditStaff(app.db, staffOf(request).actor, 'audit-export', 'audit', {
        ...request.query,
        rows: list.rows.length,
      });
      const name = `audit-${tokyoDate(new Date()).replaceAll('-', '')}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(auditCsv(list));
    },
  );

  app.get(
    '/api/admin/staff',
    { preValidation: staffGuard(app, 'staff'), schema: { response: replies(staffListSchema) } },
    async (request) => ok(request.lang, await staffList(app.db)),
  );
}
