import type { FastifyInstance } from 'fastify';
import { billDetailQuerySchema, chargeDetailQuerySchema } from '../../../contract/queries.js';
import { billListSchema, billViewSchema, chargeDetailSchema, type ChargeKindView } from '../../../contract/views.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { billByNo, listBills } from '../bills.js';
import { charges } from '../../db/schema.js';
import { and, eq } from 'drizzle-orm';

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

  // Whatever the charge is for (a top-up, a replacement SIM, a reissue, a final bill), the pay
  // page reads it here; another customer's number reads as none, like a number that never was.
  app.get(
    '/api/charge/detail',
    { schema: { querystring: chargeDetailQuerySchema, response: replies(chargeDetailSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const [row] = await app.db
        .select()
        .from(charges)
        .where(and(eq(charges.chargeNo, request.query.chargeNo), eq(charges.userId, user.id)))
        .limit(1);
      return ok(request.lang, {
        charge: row
          ? {
              chargeNo: row.chargeNo,
              kind: row.kind as ChargeKindView,
              total: row.total,
              status: row.status as 'unpaid' | 'paid' | 'cancelled',
            }
          : null,
      });
    },
  );
}
