import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { draftBodySchema, purchaseDraftSchema } from '../../../contract/draft-rules.js';
import { purchasePrefillSchema } from '../../../contract/prefill-rules.js';
import { requireUser } from '../../lib/auth.js';
import { nothing, ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { readDraft, saveDraft } from '../purchase-drafts.js';
import { readPrefill } from '../purchase-prefill.js';

/** A signed-in customer's purchase in progress, kept on the server for another device. */
export async function purchaseDraftRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);

  app.get(
    '/api/purchase/draft',
    { schema: { response: replies(z.object({ draft: purchaseDraftSchema.nullable() })) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, { draft: await readDraft(app.db, user.id) });
    },
  );

  app.post(
    '/api/purchase/draft',
    { schema: { body: draftBodySchema, response: replies(nothing) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      await saveDraft(app.db, user.id, request.body.draft);
      return ok(request.lang, {});
    },
  );

  // A returning customer's next purchase starts from their last order; their own only.
  app.get('/api/purchase/prefill', { schema: { response: replies(purchasePrefillSchema) } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, { prefill: await readPrefill(app.db, user.id) });
  });
}
