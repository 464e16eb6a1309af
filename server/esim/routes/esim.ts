import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { esimOrderQuerySchema, esimOrderViewSchema } from '../../../contract/esim-views.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { applyNotice, esimOrderView, markInstalled } from '../install.js';
import type { EsimDeps } from '../profiles.js';
import { advanceReissues } from '../reissue-progress.js';

const noticeReplySchema = z.object({
  received: z.boolean(),
  outcome: z.string().optional(),
  error: z.string().optional(),
});

/** The customer's install page API and the carrier's signed install notices. */
export function esimRoutes(deps: () => EsimDeps) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = withContract(fastify);

    // The activation code leaves only here, to the order's owner; never cached on the way.
    app.get(
      '/api/esim/order',
      { schema: { querystring: esimOrderQuerySchema, response: replies(esimOrderViewSchema) } },
      async (request, reply) => {
        const { user } = await requireUser(app, request);
        void reply.header('cache-control', 'no-store');
        // A paid reissue moves on first, so the page shows the new profile without waiting for the sweep.
        await advanceReissues(deps(), { userId: user.id });
        return ok(request.lang, await esimOrderView(deps(), user.id, request.query.orderNo));
      },
    );

    app.post(
      '/api/esim/installed',
      { schema: { body: esimOrderQuerySchema, response: replies(esimOrderViewSchema) } },
      async (request, reply) => {
        const { user } = await requireUser(app, request);
        void reply.header('cache-control', 'no-store');
        return ok(request.lang, await markInstalled(deps(), user.id, request.body.orderNo));
      },
    );

    // The carrier's signed notices, checked on the raw body exactly as it was signed.
    await app.register(async (plugin) => {
      const hook = withContract(plugin);
      hook.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded']);
      hook.addContentTypeParser(
        ['application/json', 'application/x-www-form-urlencoded', 'text/plain'],
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_req, body, done) => done(null, body),
      );
      hook.post(
        '/api/esim/notify',
        { schema: { response: { 200: noticeReplySchema, 403: noticeReplySchema } } },
        async (request, reply) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          const d = deps();
          const notice = d.provider.verifyNotice(request.headers, raw, new Date());
          if (!notice) {
            request.log.warn({ provider: d.provider.name }, 'esim notice refused');
            return reply.status(403).send({ received: false, error: 'signature' });
          }
          const outcome = await applyNotice(d, notice);
          if (outcome === 'unknown') request.log.warn({ iccid: notice.iccid }, 'esim notice for no profile');
          return reply.status(200).send({ received: true, outcome });
        },
      );
    });
  };
}
