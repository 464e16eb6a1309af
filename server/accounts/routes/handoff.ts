import type { FastifyInstance } from 'fastify';
import { handoffCreateSchema, handoffRedeemSchema, miniProgramTicketSchema } from '../../../contract/handoff-rules.js';
import { handoffCreatedSchema, handoffRedeemedSchema, miniProgramTicketIssuedSchema } from '../../../contract/views.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { ApiError } from '../../lib/errors.js';
import { createHandoff, redeemHandoff } from '../handoff.js';
import { miniProgramTicket } from '../platform-accounts.js';

/**
 * One-time links from an app where a payment method cannot run to a browser that can, and the
 * tickets a mini-program signs its web view in with (redeemed the same way).
 */
export async function handoffRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);

  app.post(
    '/api/handoff/create',
    { schema: { body: handoffCreateSchema, response: replies(handoffCreatedSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(
        request.lang,
        await createHandoff(app.db, user.id, request.body.orderNo, new Date(), request.body.next),
      );
    },
  );

  app.post(
    '/api/handoff/redeem',
    { schema: { body: handoffRedeemSchema, response: replies(handoffRedeemedSchema) } },
    async (request) => ok(request.lang, await redeemHandoff(app.db, request.body.token)),
  );

  app.post(
    '/api/miniprogram/ticket',
    { schema: { body: miniProgramTicketSchema, response: replies(miniProgramTicketIssuedSchema) } },
    async (request) => {
      const { platform, code } = request.body;
      const identity = await app.miniProgramOAuth[platform].exchange(code).catch(() => null);
      if (!identity) throw new ApiError('OAUTH_FAILED');
      const issued = await miniProgramTicket(app.db, platform, identity, request.lang);
      return ok(request.lang, { ...issued, path: `/h5/?mpticket=${issued.ticket}` });
    },
  );
}
