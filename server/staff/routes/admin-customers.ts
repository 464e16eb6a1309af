import type { FastifyInstance } from 'fastify';
import {
  addressChangeFormSchema,
  adminCustomerSchema,
  customerParamsSchema,
  customerSearchQuerySchema,
  customerSearchSchema,
} from '../../../contract/admin-customers-views.js';
import { nothing, ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { staffGuard, staffOf } from '../admin-access.js';
import { changeCustomerAddress, customerPage, resendActivation, searchCustomers } from '../admin-customers.js';
import { auditStaff } from '../../lib/staff-sessions.js';

/**
 * The console's customer pages [customers]: search, a customer's page (never a document nor a
 * message's text), resending the activation mail, an address change backed by a proof.
 * Looking at a customer's page and every change are audited.
 */
export async function adminCustomerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const guard = { preValidation: staffGuard(app, 'customers') };

  app.get(
    '/api/admin/customers',
    { ...guard, schema: { querystring: customerSearchQuerySchema, response: replies(customerSearchSchema) } },
    async (request) => ok(request.lang, await searchCustomers(app.db, request.query.q ?? '')),
  );

  app.get(
    '/api/admin/customers/:id',
    { ...guard, schema: { params: customerParamsSchema, response: replies(adminCustomerSchema) } },
    async (request) => {
      const page = await customerPage(app.db, request.params.id);
      await auditStaff(app.db, staffOf(request).actor, 'view-customer', String(request.params.id));
      return ok(request.lang, page);
    },
  );

  app.post(
    '/api/admin/customers/:id/resend-activation',
    { ...guard, schema: { params: customerParamsSchema, response: replies(nothing) } },
    async (request) => {
      const { actor } = staffOf(request);
      const deps = { db: app.db, sessions: app.sessions, mail: app.mail, config: app.config, log: request.log };
      await resendActivation(deps, request.params.id, actor.login);
      await auditStaff(app.db, actor, 'resend-activation', String(request.params.id));
      return ok(request.lang, {});
    },
  );

  app.post(
    '/api/admin/customers/:id/address',
    {
      ...guard,
      schema: { params: customerParamsSchema, body: addressChangeFormSchema, response: replies(adminCustomerSchema) },
    },
    async (request) => {
      const { actor } = staffOf(request);
      const change = await changeCustomerAddress(app.db, request.params.id, request.body);
      await auditStaff(app.db, actor, 'change-address', String(request.params.id), {
        ...change,
        proofDocumentId: request.body.proofDocumentId,
        proofType: request.body.proofType,
        proofDate: request.body.proofDate,
      });
      return ok(request.lang, await customerPage(app.db, request.params.id));
    },
  );
}
