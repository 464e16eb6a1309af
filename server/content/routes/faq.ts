import type { FastifyInstance } from 'fastify';
import { faqListSchema } from '../../../contract/views.js';
import { ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { listFaqs } from '../content.js';

export async function faqRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  app.get('/api/faq/lists', { schema: { response: replies(faqListSchema) } }, async (request) =>
    ok(request.lang, await listFaqs(app.db, request.lang)),
  );
}
