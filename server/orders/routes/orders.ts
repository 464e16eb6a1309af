import type { FastifyInstance } from 'fastify';
import { orderFormSchema, resubmitFormSchema } from '../../../contract/purchase-rules.js';
import { orderDetailQuerySchema } from '../../../contract/queries.js';
import { orderListSchema, orderReplySchema } from '../../../contract/views.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { NotFoundError } from '../../lib/errors.js';
import { withContract } from '../../lib/validate.js';
import { createOrder, latestOrder, listOrders, orderHistory, resubmitOrder, toOrderView } from '../orders.js';

export async function orderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const response = replies(orderReplySchema);

  app.post('/api/order/create', { schema: { body: orderFormSchema, response } }, async (request) => {
    const { user } = await requireUser(app, request);
    const order = await createOrder(app.db, user.id, request.body, app.config.PAY_WITHIN_MINUTES, new Date(), {
      photoForData: app.config.KYC_PHOTO_FOR_DATA === 'on',
      esimFee: app.config.ESIM_FEE,
    });
    return ok(request.lang, { order: toOrderView(order, request.lang) }, 'api.orderPlaced');
  });

  app.get('/api/order/detail', { schema: { querystring: orderDetailQuerySchema, response } }, async (request) => {
    const { user } = await requireUser(app, request);
    const { orderNo } = request.query;
    const order = await latestOrder(app.db, user.id, orderNo);
    if (orderNo && !order) throw new NotFoundError();
    if (!order) return ok(request.lang, { order: null, history: [] });
    return ok(request.lang, { order: toOrderView(order, request.lang), history: await orderHistory(app.db, order.id) });
  });

  app.get('/api/order/lists', { schema: { response: replies(orderListSchema) } }, async (request) => {
    const { user } = await requireUser(app, request);
    const rows = await listOrders(app.db, user.id);
    return ok(request.lang, { orders: rows.map((row) => toOrderView(row, request.lang)) });
  });

  app.get('/api/user/review', { schema: { response } }, async (request) => {
    const { user } = await requireUser(app, request);
    const order = await latestOrder(app.db, user.id);
    return ok(request.lang, { order: order ? toOrderView(order, request.lang) : null });
  });

  app.post('/api/user/submit', { schema: { body: resubmitFormSchema, response } }, async (request) => {
    const { user } = await requireUser(app, request);
    const order = await resubmitOrder(app.db, user.id, request.body, new Date(), {
      photoForData: app.config.KYC_PHOTO_FOR_DATA === 'on',
    });
    return ok(request.lang, { order: toOrderView(order, request.lang) }, 'api.resubmitted');
  });
}
