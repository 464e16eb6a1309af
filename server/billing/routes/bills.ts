import type { FastifyInstance } from 'fastify';
import { billDetailQuerySchema } from '../../../contract/queries.js';
import { billListSchema, billViewSchema } from '../../../contract/views.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { billByNo, listBills } from '../bills.js';

const billView = (b: Awaited<ReturnType<typeof listBills>>[number]) => ({
  billNo: b.billNo,
  month: b.month,
  items: b.items,
  subtotal: b.subtotal,
  tax: b.tax,
  total: b.total,
  dueDate: b.dueDate,
  status: b.status,
  paidAt: b.paidAt?.toISOString() ?? null,
});

/** The customer's bills; paying one goes through the payment domain (`/api/pay/create` with `billNo`). */
export async function billRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);

  app.get('/api/bill/lists', { schema: { response: replies(billListSchema) } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, { bills: (await listBills(app.db, user.id)).map(billView) });
  });

  app.get(
    '/api/bill/detail',
    { schema: { querystring: billDetailQuerySchema, response: replies(billViewSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, billView(await billByNo(app.db, user.id, request.query.billNo)));
    },
  );
}
