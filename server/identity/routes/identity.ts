import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  identityStartedSchema,
  identityStartSchema,
  identityStateSchema,
  identityStatusQuerySchema,
} from '../../../contract/identity-views.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import type { EkycProvider } from '../providers/ekyc-provider.js';
import { applyEvent, identityState, startVerification, type IdentityDeps } from '../verifications.js';

const webhookParamsSchema = z.object({ provider: z.string().max(40) });

export function identityRoutes(provider: EkycProvider) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = withContract(fastify);
    const deps = (): IdentityDeps => ({
      db: app.db,
      provider,
      photoForData: app.config.KYC_PHOTO_FOR_DATA === 'on',
      publicUrl: app.config.PUBLIC_URL,
    });

    app.post(
      '/api/identity/start',
      { schema: { body: identityStartSchema, response: replies(identityStartedSchema) } },
      async (request) => {
        const { user } = await requireUser(app, request);
        return ok(request.lang, await startVerification(deps(), user.id, request.body));
      },
    );

    app.get(
      '/api/identity/status',
      { schema: { querystring: identityStatusQuerySchema, response: replies(identityStateSchema) } },
      async (request) => {
        const { user } = await requireUser(app, request);
        return ok(request.lang, await identityState(deps(), user.id, request.query.orderNo));
      },
    );

    // The provider's signed webhooks, checked on the raw body exactly as it was signed.
    await app.register(async (plugin) => {
      const hook = withContract(plugin);
      hook.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded']);
      hook.addContentTypeParser(
        ['application/json', 'application/x-www-form-urlencoded', 'text/plain'],
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_req, body, done) => done(null, body),
      );
      hook.post(
        '/api/identity/webhook/:provider',
        { schema: { params: webhookParamsSchema } },
        async (request, reply) => {
          if (request.params.provider !== provider.name)
            return reply.status(404).send({ received: false, error: 'unknown provider' });
          const raw = typeof request.body === 'string' ? request.body : '';
          const now = new Date();
          const checked = provider.verifyWebhook(raw, request.headers, now);
          if (!checked.ok) {
            request.log.warn({ provider: provider.name, reason: checked.reason }, 'identity webhook refused');
            return reply
              .status(checked.reason === 'malformed' ? 400 : 401)
              .send({ received: false, error: checked.reason });
          }
          const result = await applyEvent(app.db, provider.name, checked.event, now);
          if (result.outcome === 'unknown')
            request.log.warn({ provider: provider.name }, 'identity webhook for no verification');
          return reply.status(200).send({ received: true, outcome: result.outcome });
        },
      );
    });
  };
}
