import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  cancellationQuerySchema,
  cancellationRequestSchema,
  cancellationViewSchema,
  portOutViewSchema,
} from '../../contract/leave-views.js';
import { requireUser } from '../lib/auth.js';
import { ok, replies } from '../lib/envelope.js';
import { withContract } from '../lib/validate.js';
import { bookCancellation, cancellationView, newestLine, withdrawCancellation } from './cancellation.js';
import { cancelPortOut, portOutView, requestPortOut } from './port-out.js';

const nothing = z.object({});

/**
 * The customer's leaving Japan (the cancel page): a quote for a last day, booking it, withdrawing
 * it; and taking the number along (voice lines). Each answer is the page's whole state again.
 */
export function cancellationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const fee = () => app.config.CANCELLATION_FEE;
  // A month a running pause covers is on the final bill at the keep-number fee.
  const fees = () => ({ cancellation: fee(), keepNumber: app.config.KEEP_NUMBER_FEE });
  const viewReply = replies(cancellationViewSchema);
  const portReply = replies(portOutViewSchema);

  app.get(
    '/api/line/cancellation',
    { schema: { querystring: cancellationQuerySchema, response: viewReply } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const line = await newestLine(app.db, user.id);
      return ok(request.lang, await cancellationView(app.db, line, request.query.lastDay, fees()));
    },
  );

  app.post(
    '/api/line/cancellation',
    { schema: { body: cancellationRequestSchema, response: viewReply } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const line = await newestLine(app.db, user.id);
      await bookCancellation(app.db, {
        lineId: line.id,
        lastDay: request.body.lastDay,
        fee: fee(),
        keepNumberFee: app.config.KEEP_NUMBER_FEE,
        actor: `customer:${user.id}`,
      });
      return ok(request.lang, await cancellationView(app.db, await newestLine(app.db, user.id), undefined, fees()));
    },
  );

  app.post('/api/line/cancellation/withdraw', { schema: { body: nothing, response: viewReply } }, async (request) => {
    const { user } = await requireUser(app, request);
    const line = await newestLine(app.db, user.id);
    await withdrawCancellation(app.db, {
      lineId: line.id,
      actor: `customer:${user.id}`,
      keepNumberFee: app.config.KEEP_NUMBER_FEE,
    });
    return ok(request.lang, await cancellationView(app.db, await newestLine(app.db, user.id), undefined, fees()));
  });

  app.get('/api/line/port-out', { schema: { response: portReply } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, await portOutView(app.db, await newestLine(app.db, user.id)));
  });

  app.post('/api/line/port-out', { schema: { body: nothing, response: portReply } }, async (request) => {
    const { user } = await requireUser(app, request);
    const line = await newestLine(app.db, user.id);
    await requestPortOut(app.db, line.id);
    return ok(request.lang, await portOutView(app.db, line));
  });

  app.post('/api/line/port-out/cancel', { schema: { body: nothing, response: portReply } }, async (request) => {
    const { user } = await requireUser(app, request);
    const line = await newestLine(app.db, user.id);
    await cancelPortOut(app.db, line.id);
    return ok(request.lang, await portOutView(app.db, line));
  });
  // Routes are declared synchronously; Fastify takes the settled promise as the plugin's end.
  return Promise.resolve();
}
