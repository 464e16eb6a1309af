import type { FastifyInstance } from 'fastify';
import {
  adminPaymentSchema,
  billListQuerySchema,
  billListSchema,
  billRunBodySchema,
  billRunPreviewQuerySchema,
  billRunPreviewSchema,
  billRunResultSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentParamsSchema,
  refundBodySchema,
  refundListQuerySchema,
  refundListSchema,
  refundParamsSchema,
  refundRetriedSchema,
  usageImportBodySchema,
  usageImportResultSchema,
} from '../../../contract/admin-money-views.js';
import { ok, replies } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { withContract } from '../../lib/validate.js';
import { staffGuard, staffOf } from '../admin-access.js';
import { billRunPreview } from '../../billing/index.js';
import { autoTopupSweep, createTopupDeps } from '../../topups/index.js';
import {
  adminPayment,
  billList,
  consoleBillRun,
  consoleUsageImport,
  paymentList,
  refundList,
  refundPayment,
  retryRefund,
} from '../admin-money.js';

/**
 * The console's money pages [money]: payments with what their provider says, refunds (full or
 * partial, through the provider; surplus refunds waiting for staff pushed again), bills, the
 * bill run and usage files with a dry run. Every change is audited with who and where.
 */
export async function adminMoneyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const guard = { preValidation: staffGuard(app, 'money') };
  const deps = () => ({ db: app.db, providers: app.payments });

  app.get(
    '/api/admin/payments',
    { ...guard, schema: { querystring: paymentListQuerySchema, response: replies(paymentListSchema) } },
    async (request) => ok(request.lang, await paymentList(app.db, request.query)),
  );

  app.get(
    '/api/admin/payments/:paymentNo',
    { ...guard, schema: { params: paymentParamsSchema, response: replies(adminPaymentSchema) } },
    async (request) => ok(request.lang, await adminPayment(deps(), request.params.paymentNo)),
  );

  app.post(
    '/api/admin/payments/:paymentNo/refund',
    {
      ...guard,
      schema: { params: paymentParamsSchema, body: refundBodySchema, response: replies(adminPaymentSchema) },
    },
    async (request) =>
      ok(request.lang, await refundPayment(deps(), staffOf(request).actor, request.params.paymentNo, request.body)),
  );

  app.get(
    '/api/admin/refunds',
    { ...guard, schema: { querystring: refundListQuerySchema, response: replies(refundListSchema) } },
    async (request) => ok(request.lang, await refundList(app.db, request.query)),
  );

  app.post(
    '/api/admin/refunds/:refundNo/retry',
    { ...guard, schema: { params: refundParamsSchema, response: replies(refundRetriedSchema) } },
    async (request) => ok(request.lang, await retryRefund(deps(), staffOf(request).actor, request.params.refundNo)),
  );

  app.get(
    '/api/admin/bills',
    { ...guard, schema: { querystring: billListQuerySchema, response: replies(billListSchema) } },
    async (request) => ok(request.lang, await billList(app.db, request.query.month)),
  );

  // What the run would issue, read only, for the console's confirmation: the run's own rights.
  // A bad month is a 400 here (a read the console makes before asking, not a form's answer).
  app.get(
    '/api/admin/bill-run',
    { ...guard, schema: { querystring: billRunPreviewQuerySchema, response: replies(billRunPreviewSchema) } },
    async (request) => {
      const query = billRunBodySchema.safeParse(request.query);
      if (!query.success) throw new ApiError('MONTH_INVALID', 400, { month: 'MONTH_INVALID' });
      return ok(request.lang, await billRunPreview(app.db, query.data.month));
    },
  );

  app.post(
    '/api/admin/bill-run',
    { ...guard, schema: { body: billRunBodySchema, response: replies(billRunResultSchema) } },
    async (request) =>
      ok(
        request.lang,
        await consoleBillRun(app.db, staffOf(request).actor, request.body.month, app.config.KEEP_NUMBER_FEE),
      ),
  );

  app.post(
    '/api/admin/usage',
    { ...guard, schema: { body: usageImportBodySchema, response: replies(usageImportResultSchema) } },
    async (request) => {
      const result = await consoleUsageImport(
        app.db,
        staffOf(request).actor,
        request.lang,
        request.body.csv,
        request.body.dryRun,
      );
      // Lines the file took to 100 % with automatic top-up on buy now, not a minute later.
      if (!request.body.dryRun)
        await autoTopupSweep(createTopupDeps(app.config, app.db, app.payments, request.log)).catch((error: unknown) =>
          request.log.error({ err: error }, 'top-up sweep after usage import failed'),
        );
      return ok(request.lang, result);
    },
  );
}
