import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { faqListSchema } from '../../contract/views.js';
import { faqs } from '../db/schema.js';
import { ok, replies } from '../lib/envelope.js';
import { withContract } from '../lib/validate.js';

export async function faqRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  app.get('/api/faq/lists', { schema: { response: replies(faqListSchema) } }, async (request) => {
    const rows = await app.db.select().from(faqs).orderBy(asc(faqs.sort), asc(faqs.id));
    const ja = request.lang === 'ja';
    return ok(
      request.lang,
      rows.map((r) => ({ id: r.id, topic: r.topic, question: ja ? r.questionJa : r.questionCn, answer: ja ? r.answerJa : r.answerCn })),
    );
  });
}
