import type { FastifyInstance } from 'fastify';
import { INFORMATION_FIELDS } from '../../contract/purchase-rules.js';
import { requireUser } from '../lib/auth.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope.js';
import { NotFoundError } from '../lib/errors.js';
import { formBody } from '../lib/validate.js';
import { createOrder, latestOrder, resubmitOrder, toOrderView } from '../services/orders.js';

const orderSchema = {
  type: 'object',
  properties: {
    orderNo: { type: 'string' },
    status: { type: 'string' },
    planId: { type: 'integer' },
    planName: { type: 'string' },
    price: { type: 'integer' },
    tax: { type: 'integer' },
    total: { type: 'integer' },
    monthlyRent: { type: 'integer' },
    createdAt: { type: 'string' },
    payBefore: { type: 'string' },
    dispatchBy: { type: ['string', 'null'] },
    trackingNo: { type: ['string', 'null'] },
    rejectReason: {
      anyOf: [{ type: 'null' }, { type: 'object', properties: { document: { type: 'string' }, reason: { type: 'string' } } }],
    },
    info: { type: 'object', additionalProperties: { type: 'string' } },
  },
};
const orderEnvelope = envelopeSchema({ type: 'object', required: ['order'], properties: { order: { anyOf: [{ type: 'null' }, orderSchema] } } });
const responses = { 200: { anyOf: [orderEnvelope, errorEnvelopeSchema] }, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/order/create',
    // The body may carry a price or total: it is not read; the plan decides.
    { schema: { body: formBody([...INFORMATION_FIELDS, 'planId', 'signatureId']), response: responses } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const order = await createOrder(app.db, user.id, request.body as Record<string, string>, app.config.PAY_WITHIN_MINUTES);
      return ok(request.lang, { order: toOrderView(order, request.lang) }, 'api.orderPlaced');
    },
  );

  app.get(
    '/api/order/detail',
    { schema: { querystring: { type: 'object', properties: { orderNo: { type: 'string', maxLength: 32 } } }, response: responses } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const { orderNo } = request.query as { orderNo?: string };
      const order = await latestOrder(app.db, user.id, orderNo);
      if (orderNo && !order) throw new NotFoundError();
      return ok(request.lang, { order: order ? toOrderView(order, request.lang) : null });
    },
  );

  app.get('/api/user/review', { schema: { response: responses } }, async (request) => {
    const { user } = await requireUser(app, request);
    const order = await latestOrder(app.db, user.id);
    return ok(request.lang, { order: order ? toOrderView(order, request.lang) : null });
  });

  app.post(
    '/api/user/submit',
    { schema: { body: formBody([...INFORMATION_FIELDS, 'orderNo']), response: responses } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const order = await resubmitOrder(app.db, user.id, request.body as Record<string, string>);
      return ok(request.lang, { order: toOrderView(order, request.lang) }, 'api.resubmitted');
    },
  );
}
