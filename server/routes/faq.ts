import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { faqs } from '../db/schema.js';
import { envelopeSchema, ok } from '../lib/envelope.js';

export async function faqRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/faq/lists',
    {
      schema: {
        response: {
          200: envelopeSchema({
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'integer' }, topic: { type: 'string' }, question: { type: 'string' }, answer: { type: 'string' } } },
          }),
        },
      },
    },
    async (request) => {
      const rows = await app.db.select().from(faqs).orderBy(asc(faqs.sort), asc(faqs.id));
      const ja = request.lang === 'ja';
      return ok(
        request.lang,
        rows.map((r) => ({ id: r.id, topic: r.topic, question: ja ? r.questionJa : r.questionCn, answer: ja ? r.answerJa : r.answerCn })),
      );
    },
  );
}
