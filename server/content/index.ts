// Content: banners, stores, plans, FAQ, rich-text pages, the app's init configuration and the
// WeChat JS-SDK signature; public data kept in memory until its tables change.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { commonRoutes } from './routes/common.js';
import { contentRoutes } from './routes/content.js';
import { faqRoutes } from './routes/faq.js';
import { pageRoutes } from './routes/pages.js';
import { wechatJssdkRoutes } from './routes/wechat-jssdk.js';

export { ContentCache } from './content-cache.js';

/** Registers the domain's routes (app.ts). */
export async function contentDomain(app: FastifyInstance): Promise<void> {
  await app.register(commonRoutes);
  await app.register(contentRoutes);
  await app.register(faqRoutes);
  await app.register(pageRoutes);
  await app.register(wechatJssdkRoutes);
}
