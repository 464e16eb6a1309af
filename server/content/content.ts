import { withBrand, type Brand } from '../../contract/brand-words.js';
import { asc, eq } from 'drizzle-orm';
import type { Banner, Lang, PlanInfo, StoreInfo } from '../../contract/api.js';
import type { Database } from '../db/client.js';
import { banners, faqs, pages, plans, stores } from '../db/schema.js';

// Public content in the reader's language: the home page's banners, stores and plans, the
// FAQ and the rich-text pages.

export async function listBanners(db: Database, lang: Lang): Promise<Banner[]> {
  const ja = lang === 'ja';
  const rows = await db
    .select()
    .from(banners)
    .where(eq(banners.active, true))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((r) => ({
    id: r.id,
    title: ja ? r.titleJa : r.titleCn,
    subtitle: ja ? r.subtitleJa : r.subtitleCn,
    image: r.image,
    link: r.link,
  }));
}

export async function listStores(db: Database, lang: Lang): Promise<StoreInfo[]> {
  const ja = lang === 'ja';
  const rows = await db.select().from(stores).where(eq(stores.active, true)).orderBy(asc(stores.sort), asc(stores.id));
  return rows.map((r) => ({
    id: r.id,
    name: ja ? r.nameJa : r.nameCn,
    address: ja ? r.addressJa : r.addressCn,
    hours: ja ? r.hoursJa : r.hoursCn,
    phone: r.phone,
    lat: r.lat,
    lng: r.lng,
  }));
}

export async function listPlans(db: Database, lang: Lang): Promise<PlanInfo[]> {
  const ja = lang === 'ja';
  const rows = await db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sort), asc(plans.id));
  return rows.map((r) => ({
    id: r.id,
    name: ja ? r.nameJa : r.nameCn,
    description: ja ? r.descriptionJa : r.descriptionCn,
    dataGb: r.dataGb,
    lineType: r.lineType === 'voice' ? 'voice' : 'data',
    esim: r.esim,
    throttledKbps: r.throttledKbps,
    originalPrice: r.originalPrice,
    activityPrice: r.activityPrice,
    monthlyRent: r.monthlyRent,
  }));
}

export async function listFaqs(db: Database, lang: Lang) {
  const ja = lang === 'ja';
  const rows = await db.select().from(faqs).orderBy(asc(faqs.sort), asc(faqs.id));
  return rows.map((r) => ({
    id: r.id,
    topic: r.topic,
    question: ja ? r.questionJa : r.questionCn,
    answer: ja ? r.answerJa : r.answerCn,
  }));
}

/**
 * A rich-text page by name, or null; the app sanitizes the HTML. Pages may say {{brand}},
 * {{brandCompany}} and the other brand placeholders (the seeded terms do): filled here, so a
 * change of BRAND_FILE reaches them without editing every page.
 */
export async function pageByName(db: Database, name: string, lang: Lang, brand: Brand) {
  const [page] = await db.select().from(pages).where(eq(pages.name, name)).limit(1);
  if (!page) return null;
  const ja = lang === 'ja';
  return {
    name: page.name,
    title: withBrand(ja ? page.titleJa : page.titleCn, brand, lang),
    html: withBrand(ja ? page.bodyJa : page.bodyCn, brand, lang),
    updatedAt: page.updatedAt.toISOString(),
  };
}
