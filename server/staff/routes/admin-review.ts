import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  activateBodySchema,
  adminOrderSchema,
  approveBodySchema,
  documentParamsSchema,
  documentQuerySchema,
  fulfilmentQueueSchema,
  orderNoParamsSchema,
  rejectBodySchema,
  reviewNextQuerySchema,
  reviewNextSchema,
  reviewQueueSchema,
  shipBodySchema,
} from '../../../contract/admin-review-views.js';
import { allows, type Permission } from '../../../contract/staff-roles.js';
import { ok, replies } from '../../lib/envelope.js';
import { ApiError, NotFoundError } from '../../lib/errors.js';
import { requireStaff, type StaffRequest } from '../../lib/staff-auth.js';
import { withContract } from '../../lib/validate.js';
import {
  activateOrder,
  approveOrder,
  counterCheck,
  readyForPickup,
  rejectOrderWith,
  shipOrder,
} from '../operations.js';
import { counterCheckSchema } from '../../../contract/identity-views.js';
import {
  adminOrder,
  checkDelivery,
  documentKindsOf,
  fulfilmentQueue,
  nextForReview,
  reviewQueue,
  staffChange,
  staffDocument,
} from '../admin-orders.js';
import { viewable } from '../../documents/index.js';
import { auditStaff, roleOf } from '../../lib/staff-sessions.js';
import { watermarkImage, watermarkText } from '../../documents/index.js';

/**
 * The staff console's review and fulfilment (contract/admin-api.ts): the review queue, an
 * order, its documents (decrypted in memory, watermarked, every look audited), approve and
 * reject, then ship or hand over and activate the line. The staff member and their role are
 * checked before anything of the request is read, so a refusal is audited whatever it carried.
 */
export async function adminReviewRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const staffOf = new WeakMap<FastifyRequest, StaffRequest>();

  /** Checks session, CSRF and role first (preValidation runs before the body is parsed by zod). */
  const guard = (permission: Permission) => ({
    preValidation: async (request: FastifyRequest) => {
      staffOf.set(request, await requireStaff(app, request, permission));
    },
  });
  const signedIn = (request: FastifyRequest): StaffRequest => {
    const found = staffOf.get(request);
    if (!found) throw new ApiError('STAFF_SIGN_IN_FIRST', 401);
    return found;
  };
  const canSeeDocuments = (staff: StaffRequest) => {
    const role = roleOf(staff.staff);
    return role !== null && allows(role, 'documents');
  };
  const orderReply = replies(adminOrderSchema);
  const answerOrder = async (request: FastifyRequest, orderNo: string) =>
    ok(request.lang, await adminOrder(app.db, orderNo, canSeeDocuments(signedIn(request))));

  app.get(
    '/api/admin/review',
    { ...guard('review'), schema: { response: replies(reviewQueueSchema) } },
    async (request) => ok(request.lang, await reviewQueue(app.db)),
  );

  app.get(
    '/api/admin/review/next',
    { ...guard('review'), schema: { querystring: reviewNextQuerySchema, response: replies(reviewNextSchema) } },
    async (request) => ok(request.lang, await nextForReview(app.db, request.query.after)),
  );

  app.get(
    '/api/admin/fulfilment',
    { ...guard('fulfil'), schema: { response: replies(fulfilmentQueueSchema) } },
    async (request) => ok(request.lang, await fulfilmentQueue(app.db, request.lang)),
  );

  app.get(
    '/api/admin/orders/:orderNo',
    { ...guard('orders'), schema: { params: orderNoParamsSchema, response: orderReply } },
    async (request) => answerOrder(request, request.params.orderNo),
  );

  app.get(
    '/api/admin/documents/:id',
    // No HEAD twin: every request here is a look, decrypted, drawn and recorded.
    {
      ...guard('documents'),
      exposeHeadRoute: false,
      schema: { params: documentParamsSchema, querystring: documentQuerySchema },
    },
    async (request, reply) => {
      const staff = signedIn(request);
      // The order the document is looked at for, so the audit names it (and a document of
      // another order is not found through it).
      const { orderNo } = request.query;
      const doc = await staffDocument(app.documents, request.params.id, orderNo);
      if (!doc) throw new NotFoundError();
      // Recorded before a byte leaves: a look that fails half way is still a look.
      await auditStaff(app.db, staff.actor, 'view-document', doc.id, { orderNo: doc.orderNo, kind: doc.kind });
      void reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline');
      // A PDF stored before uploads were drawn to pictures is drawn now: no PDF is served.
      const shown = await viewable(doc);
      if (shown.mime === 'image/jpeg' || shown.mime === 'image/png') {
        const text = watermarkText({ name: staff.staff.name, login: staff.staff.login }, new Date());
        return reply.header('content-type', 'image/jpeg').send(await watermarkImage(shown.bytes, text));
      }
      // Anything else stored before uploads were re-encoded: bytes to save, never run as a page
      // of this origin (sandboxed, and framed only by the console itself).
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-security-policy', "sandbox; frame-ancestors 'self'")
        .send(shown.bytes);
    },
  );

  app.post(
    '/api/admin/orders/:orderNo/approve',
    { ...guard('review'), schema: { params: orderNoParamsSchema, body: approveBodySchema, response: orderReply } },
    async (request) => {
      const { orderNo } = request.params;
      const { checklist } = request.body;
      await staffChange(() => approveOrder(app.db, signedIn(request).actor, orderNo, { checklist }, app.esim));
      return answerOrder(request, orderNo);
    },
  );

  app.post(
    '/api/admin/orders/:orderNo/reject',
    { ...guard('review'), schema: { params: orderNoParamsSchema, body: rejectBodySchema, response: orderReply } },
    async (request) => {
      const { orderNo } = request.params;
      const kinds = await documentKindsOf(app.db, orderNo);
      const fields: Record<string, string> = {};
      request.body.rejections.forEach((row, index) => {
        if (!kinds.has(row.document)) fields[`rejections.${index}`] = 'DOCUMENT_NOT_IN_ORDER';
      });
      if (Object.keys(fields).length) throw new ApiError('DOCUMENT_NOT_IN_ORDER', 200, fields);
      await staffChange(() => rejectOrderWith(app.db, signedIn(request).actor, orderNo, request.body.rejections));
      return answerOrder(request, orderNo);
    },
  );

  app.post(
    '/api/admin/orders/:orderNo/ship',
    { ...guard('fulfil'), schema: { params: orderNoParamsSchema, body: shipBodySchema, response: orderReply } },
    async (request) => {
      const { orderNo } = request.params;
      await checkDelivery(app.db, orderNo, 'mail');
      const { trackingNo, carrier } = request.body;
      await staffChange(() => shipOrder(app.db, signedIn(request).actor, orderNo, trackingNo, carrier));
      return answerOrder(request, orderNo);
    },
  );

  app.post(
    '/api/admin/orders/:orderNo/pickup',
    { ...guard('fulfil'), schema: { params: orderNoParamsSchema, response: orderReply } },
    async (request) => {
      const { orderNo } = request.params;
      await checkDelivery(app.db, orderNo, 'pickup');
      await staffChange(() => readyForPickup(app.db, signedIn(request).actor, orderNo));
      return answerOrder(request, orderNo);
    },
  );

  app.post(
    '/api/admin/orders/:orderNo/activate',
    { ...guard('fulfil'), schema: { params: orderNoParamsSchema, body: activateBodySchema, response: orderReply } },
    async (request) => {
      const { orderNo } = request.params;
      const { msisdn, iccid } = request.body;
      await staffChange(() => activateOrder(app.db, signedIn(request).actor, orderNo, msisdn, iccid));
      return answerOrder(request, orderNo);
    },
  );

  // The face-to-face IC chip check at the store, before the SIM is handed over (issue 29).
  app.post(
    '/api/admin/orders/:orderNo/counter-check',
    { ...guard('fulfil'), schema: { params: orderNoParamsSchema, body: counterCheckSchema, response: orderReply } },
    async (request) => {
      const { orderNo } = request.params;
      await staffChange(() => counterCheck(app.db, signedIn(request).actor, orderNo, request.body));
      return answerOrder(request, orderNo);
    },
  );
}
