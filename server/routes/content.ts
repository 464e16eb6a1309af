import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Banner, PlanInfo, StoreInfo } from '../../contract/api.js';
import { bannerSchema, planInfoSchema, storeInfoSchema } from '../../contract/views.js';
import { banners, plans, stores } from '../db/schema.js';
import { ok, replies } from '../lib/envelope.js';
import { withContract } from '../lib/validate.js';

/**
 * Public content of the home page: banners, stores and plans, in the request's language,
 * from memory until the database announces a change to their table.
 */
export async function contentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const localized =
    <T>(table: 'banners' | 'stores' | 'plans', load: (ja: boolean) => Promise<T[]>) =>
    async (request: FastifyRequest) =>
      ok(request.lang, await app.contentCache.get(`${table}:${request.lang}`, [table], () => load(request.lang === 'ja')));

  app.get(
    '/api/banner/lists',
    { schema: { response: replies(z.array(bannerSchema)) } },
    localized('banners', async (ja): Promise<Banner[]> => {
      const rows = await app.db.select().from(banners).where(eq(banners.active, true)).orderBy(asc(banners.sort), asc(banners.id));
      return rows.map((r) => ({
        id: r.id,
        title: ja ? r.titleJa : r.titleCn,
        subtitle: ja ? r.subtitleJa : r.subtitleCn,
        image: r.image,
        link: r.link,
      }));
    }),
  );

  app.get(
    '/api/index/store',
    { schema: { response: replies(z.array(storeInfoSchema)) } },
    localized('stores', async (ja): Promise<StoreInfo[]> => {
      const rows = await app.db.select().from(stores).where(eq(stores.active, true)).orderBy(asc(stores.sort), asc(stores.id));
      return rows.map((r) => ({
        id: r.id,
        name: ja ? r.nameJa : r.nameCn,
        address: ja ? r.addressJa : r.addressCn,
        hours: ja ? r.hoursJa : r.hoursCn,
        phone: r.phone,
        lat: r.lat,
        lng: r.lng,
      }));
    }),
  );

  app.get(
    '/api/setmeal/lists',
    { schema: { response: replies(z.array(planInfoSchema)) } },
    localized('plans', async (ja): Promise<PlanInfo[]> => {
      const rows = await app.db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sort), asc(plans.id));
      return rows.map((r) => ({
        id: r.id,
        name: ja ? r.nameJa : r.nameCn,
        description: ja ? r.descriptionJa : r.descriptionCn,
        dataGb: r.dataGb,
        throttledKbps: r.throttledKbps,
        originalPrice: r.originalPrice,
        activityPrice: r.activityPrice,
        monthlyRent: r.monthlyRent,
      }));
    }),
  );
}
