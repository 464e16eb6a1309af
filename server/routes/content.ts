import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Banner, PlanInfo, StoreInfo } from '../../contract/api.js';
import { banners, plans, stores } from '../db/schema.js';
import { envelopeSchema, ok } from '../lib/envelope.js';

const listOf = (item: object) => envelopeSchema({ type: 'array', items: item });

const bannerSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    subtitle: { type: 'string' },
    image: { type: 'string' },
    link: { type: 'string' },
  },
};

const storeSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    address: { type: 'string' },
    hours: { type: 'string' },
    phone: { type: 'string' },
    lat: { type: 'number' },
    lng: { type: 'number' },
  },
};

const planSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    description: { type: 'string' },
    dataGb: { type: 'integer' },
    throttledKbps: { type: 'integer' },
    originalPrice: { type: 'integer' },
    activityPrice: { type: 'integer' },
    monthlyRent: { type: 'integer' },
  },
};

/**
 * Public content of the home page: banners, stores and plans, in the request's language,
 * from memory until the database announces a change to their table.
 */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const localized =
    <T>(table: 'banners' | 'stores' | 'plans', load: (ja: boolean) => Promise<T[]>) =>
    async (request: FastifyRequest) =>
      ok(request.lang, await app.contentCache.get(`${table}:${request.lang}`, [table], () => load(request.lang === 'ja')));

  app.get(
    '/api/banner/lists',
    { schema: { response: { 200: listOf(bannerSchema) } } },
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
    { schema: { response: { 200: listOf(storeSchema) } } },
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
    { schema: { response: { 200: listOf(planSchema) } } },
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
