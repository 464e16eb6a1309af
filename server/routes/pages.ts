import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pages } from '../db/schema.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope.js';
import { NotFoundError } from '../lib/errors.js';

const pageSchema = envelopeSchema({
  type: 'object',
  properties: { name: { type: 'string' }, title: { type: 'string' }, html: { type: 'string' }, updatedAt: { type: 'string' } },
});

/** Rich-text pages by name, in the request's language; the app sanitizes the HTML. */
export async function pageRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/page/detail',
    {
      schema: {
        querystring: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 64 } } },
        response: { 200: pageSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { name } = request.query as { name: string };
      const [page] = await app.db.select().from(pages).where(eq(pages.name, name)).limit(1);
      if (!page) throw new NotFoundError();
      const ja = request.lang === 'ja';
      return ok(request.lang, {
        name: page.name,
        title: ja ? page.titleJa : page.titleCn,
        html: ja ? page.bodyJa : page.bodyCn,
        updatedAt: page.updatedAt.toISOString(),
      });
    },
  );
}
