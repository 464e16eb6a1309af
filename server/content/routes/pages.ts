import type { FastifyInstance } from 'fastify';
import { pageQuerySchema } from '../../../contract/queries.js';
import { pageContentSchema } from '../../../contract/views.js';
import { ok, replies } from '../../lib/envelope.js';
import { NotFoundError } from '../../lib/errors.js';
import { withContract } from '../../lib/validate.js';
import { pageByName } from '../content.js';

/** Rich-text pages by name, in the request's language; the app sanitizes the HTML. */
export async function pageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  app.get(
    '/api/page/detail',
    { schema: { querystring: pageQuerySchema, response: replies(pageContentSchema) } },
    async (request) => {
      const page = await pageByName(app.db, request.query.name, request.lang, app.config.BRAND);
      if (!page) throw new NotFoundError();
      return ok(request.lang, page);
    },
  );
}
