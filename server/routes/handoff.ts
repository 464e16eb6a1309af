import type { FastifyInstance } from 'fastify';
import { handoffCreateSchema, handoffRedeemSchema } from '../../contract/handoff-rules.js';
import { handoffCreatedSchema, handoffRedeemedSchema } from '../../contract/views.js';
import { requireUser } from '../lib/auth.js';
import { ok, replies } from '../lib/envelope.js';
import { withContract } from '../lib/validate.js';
import { createHandoff, redeemHandoff } from '../services/handoff.js';

/** One-time links from an app where a payment method cannot run to a browser that can. */
export async function handoffRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);

  app.post(
    '/api/handoff/create',
    { schema: { body: handoffCreateSchema, response: replies(handoffCreatedSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, await createHandoff(app.db, user.id, request.body.orderNo));
    },
  );

  app.post(
    '/api/handoff/redeem',
    { schema: { body: handoffRedeemSchema, response: replies(handoffRedeemedSchema) } },
    async (request) => ok(request.lang, await redeemHandoff(app.db, request.body.token)),
  );
}
