import type { FastifyInstance } from 'fastify';
import { orderFormSchema, resubmitFormSchema } from '../../contract/purchase-rules.js';
import { orderDetailQuerySchema } from '../../contract/queries.js';
import { orderReplySchema } from '../../contract/views.js';
import { requireUser } from '../lib/auth.js';
import { ok, replies } from '../lib/envelope.js';
import { NotFoundError } from '../lib/errors.js';
import { withContract } from '../lib/validate.js';
import { createOrder, latestOrder, resubmitOrder, toOrderView } from '../services/orders.js';

export async function orderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const response = replies(orderReplySchema);

  app.post('/api/order/create', { schema: { body: orderFormSchema, response } }, async (request) => {
    const { user } = await requireUser(app, request);
    const order = await createOrder(app.db, user.id, request.body, app.config.PAY_WITHIN_MINUTES);
    return ok(request.lang, { order: toOrderView(order, request.lang) }, 'api.orderPlaced');
  });

  app.get('/api/order/detail', { schema: { querystring: orderDetailQuerySchema, response } }, async (request) => {
    const { user } = await requireUser(app, request);
    const { orderNo } = request.query;
    const order = await latestOrder(app.db, user.id, orderNo);
    if (orderNo && !order) throw new NotFoundError();
    return ok(request.lang, { order: order ? toOrderView(order, request.lang) : null });
  });

  app.get('/api/user/review', { schema: { response } }, async (request) => {
    const { user } = await requireUser(app, request);
    const order = await latestOrder(app.db, user.id);
    return ok(request.lang, { order: order ? toOrderView(order, request.lang) : null });
  });

  app.post('/api/user/submit', { schema: { body: resubmitFormSchema, response } }, async (request) => {
    const { user } = await requireUser(app, request);
    const order = await resubmitOrder(app.db, user.id, request.body);
    return ok(request.lang, { order: toOrderView(order, request.lang) }, 'api.resubmitted');
  });
}
