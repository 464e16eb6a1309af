import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Lang } from '../../../contract/api.js';
import { bannerSchema, planInfoSchema, storeInfoSchema } from '../../../contract/views.js';
import type { Database } from '../../db/client.js';
import { ok, replies } from '../../lib/envelope.js';
import { frozen } from '../../lib/reply-serializer.js';
import { withContract } from '../../lib/validate.js';
import { listBanners, listPlans, listStores } from '../content.js';

/**
 * Public content of the home page: banners, stores and plans, in the request's language,
 * from memory until the database announces a change to their table.
 */
export async function contentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const localized =
    <T>(table: 'banners' | 'stores' | 'plans', load: (db: Database, lang: Lang) => Promise<T[]>) =>
    async (request: FastifyRequest) =>
      ok(
        request.lang,
        // Frozen: kept until its table changes, so its JSON is written once (lib/reply-serializer.ts).
        await app.contentCache.get(`${table}:${request.lang}`, [table], () => load(app.db, request.lang).then(frozen)),
      );

  app.get(
    '/api/banner/lists',
    { schema: { response: replies(z.array(bannerSchema)) } },
    localized('banners', listBanners),
  );
  app.get(
    '/api/index/store',
    { schema: { response: replies(z.array(storeInfoSchema)) } },
    localized('stores', listStores),
  );
  app.get(
    '/api/setmeal/lists',
    { schema: { response: replies(z.array(planInfoSchema)) } },
    localized('plans', listPlans),
  );
}
