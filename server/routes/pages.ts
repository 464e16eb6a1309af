import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageQuerySchema } from '../../contract/queries.js';
import { pageContentSchema } from '../../contract/views.js';
import { pages } from '../db/schema.js';
import { ok, replies } from '../lib/envelope.js';
import { NotFoundError } from '../lib/errors.js';
import { withContract } from '../lib/validate.js';

/** Rich-text pages by name, in the request's language; the app sanitizes the HTML. */
export async function pageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  app.get('/api/page/detail', { schema: { querystring: pageQuerySchema, response: replies(pageContentSchema) } }, async (request) => {
    const [page] = await app.db.select().from(pages).where(eq(pages.name, request.query.name)).limit(1);
    if (!page) throw new NotFoundError();
    const ja = request.lang === 'ja';
    return ok(request.lang, {
      name: page.name,
      title: ja ? page.titleJa : page.titleCn,
      html: ja ? page.bodyJa : page.bodyCn,
      updatedAt: page.updatedAt.toISOString(),
    });
  });
}
