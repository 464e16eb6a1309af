import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { langFromAcceptLanguage, type Lang } from '../contract/api.js';
import { productionRefusal, type Config } from './config.js';
import { useBrand } from './lib/messages.js';
import { startChangeFeed } from './db/change-feed.js';
import type { DatabaseHandle } from './db/client.js';
import { refuseUnstorableText } from './lib/validate.js';
import { lazyChildLogger } from './lib/lazy-logger.js';
import { requestLogSerializers } from './lib/log-serializers.js';
import { requestIdGenerator } from './lib/request-id.js';
import type { JobSender } from './lib/queue.js';
import { closeByDefault } from './plugins/access.js';
import { registerAdminApp } from './plugins/admin-app.js';
import { frameworkRefusal, refusedWithId, registerErrorHandler } from './plugins/error-handler.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { createPageShell, type PageShell } from './plugins/page-shell.js';
import { BASE_PATH, registerStaticApp } from './plugins/static-app.js';
import { accountsDomain, createMiniProgramOAuth, createOAuthProviders } from './accounts/index.js';
import { billingDomain } from './billing/index.js';
import { ContentCache, contentDomain } from './content/index.js';
import { documentsDomain } from './documents/index.js';
import { identityDomain } from './identity/index.js';
import { createEsimDeps, esimDomain } from './esim/index.js';
import { createLinePlatform, lineDomain } from './line/index.js';
import { lifecycleDomain } from './lifecycle/index.js';
import { topupsDomain } from './topups/index.js';
import { receiptsDomain } from './receipts/index.js';
import { notificationsDomain, queueingMail, queueingSms, type MailProvider } from './notifications/index.js';
import { ordersDomain } from './orders/index.js';
import { createPaymentProviders, makeSandboxKeys, paymentsDomain } from './payments/index.js';
import { healthRoutes } from './plugins/health.js';
import { staffDomain } from './staff/index.js';
import { createDocumentStorage } from './lib/storage/create-storage.js';
import { documentKeys } from './lib/document-crypto.js';
import { SessionCache } from './lib/session-cache.js';
import './types.js';

export interface BuildOptions {
  database: DatabaseHandle;
  config: Config;
  /** Folder of the built web app; when absent or unbuilt only the API is served. */
  staticDir?: string;
  /** The built page renderer (dist/ssr/render-page.js); without it pages are drawn in the browser only. */
  pageRenderer?: string | null;
  /** Pino options (level, stream); request lines always go through the safe serializers. */
  logger?: Exclude<FastifyServerOptions['logger'], boolean>;
  /** Replaces the outbox that request handlers send mail through (tests). */
  mail?: MailProvider;
  /** The job queue, to hand new messages to a worker at once; without it they wait for the next sweep. */
  jobs?: JobSender | null;
  /** Told of every route as it is added (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

const langs = new Map<string, Lang>();
function rememberLang(header: string): Lang {
  const lang = langFromAcceptLanguage(header);
  // Bounded: a header is the caller's to choose.
  if (langs.size < 256) langs.set(header, lang);
  return lang;
}

function externalOrigin(url: string): string[] {
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
}

/** Builds the whole server without listening, so tests can call `app.inject`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  // loadConfig refuses this already; a config put together by hand must not slip past.
  const refusal = productionRefusal(options.config);
  if (refusal) throw new Error(refusal);
  useBrand(options.config.BRAND);
  const app = Fastify({
    logger: options.logger
      ? { ...options.logger, serializers: { ...requestLogSerializers, ...options.logger.serializers } }
      : false,
    // With no logger, Fastify's own factory hands every request the null logger itself.
    ...(options.logger ? { childLoggerFactory: lazyChildLogger } : {}),
    trustProxy: options.config.TRUST_PROXY,
    genReqId: requestIdGenerator(options.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    requestTimeout: 60_000,
    frameworkErrors: frameworkRefusal,
  });
  // First of all, so no route is added before it listens.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.decorate('db', options.database.db);
  app.decorate('dbKind', options.database.kind);
  app.decorate('config', options.config);
  const jobs = options.jobs ?? null;
  app.decorate('jobs', jobs);
  // Mail and SMS are committed to the outbox and the request returns; a worker delivers them.
  const wake = (ids: number[]) => {
    for (const id of ids)
      void jobs?.send('deliver-message', { id }).catch((error: unknown) => app.log.error({ err: error }, 'queue'));
  };
  app.decorate('mail', options.mail ?? queueingMail(options.database.db, wake));
  app.decorate('oauth', createOAuthProviders(options.config, options.database.db));
  app.decorate('miniProgramOAuth', createMiniProgramOAuth(options.config, options.database.db));
  app.decorate('sms', queueingSms(options.database.db, wake));
  const sandboxKeys = makeSandboxKeys();
  app.decorate('sandboxKeys', sandboxKeys);
  app.decorate('payments', createPaymentProviders(options.config, options.database.db, sandboxKeys));
  const key = documentKeys(options.config);
  app.decorate('documents', { db: options.database.db, storage: createDocumentStorage(options.config), key });
  app.decorate('esim', createEsimDeps(options.config, options.database.db, key, app.log));
  app.decorate('linePlatform', createLinePlatform(options.config, options.database.db));
  // Read paths serve sessions and public content from memory while the database's change
  // notifications reach this process; the caches turn themselves off when they do not.
  const changes = await startChangeFeed(options.database, { log: app.log });
  app.addHook('onClose', () => changes.close());
  app.decorate('sessions', new SessionCache(changes));
  app.decorate('contentCache', new ContentCache(changes));
  app.decorateRequest('lang', 'cn');
  app.decorateRequest('signedIn', null);
  app.addHook('onRequest', (request, reply, done) => {
    const header = request.headers['accept-language'];
    // Most callers send no header or the same few: no split on the hot path for them.
    request.lang = header === undefined ? 'cn' : (langs.get(header) ?? rememberLang(header));
    // The reference a customer gives support; the request's log lines carry it as reqId.
    reply.header('x-request-id', request.id);
    done();
  });

  registerErrorHandler(app);
  registerMetrics(app, options.config);

  const { logoUrl, iconUrl } = options.config.BRAND;
  registerSecurityHeaders(app, {
    externalOrigins: externalOrigin(options.config.GMO_TOKEN_SCRIPT_URL),
    // A brand's logo and icon may live on the operator's own CDN.
    imageOrigins: [...new Set([logoUrl, iconUrl].flatMap(externalOrigin))],
  });
  await app.register(compress, { global: true, threshold: 1024, globalDecompression: false });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await app.register(cookie);
  // Both on the root before any route, so both hold for every route; both after the cookie
  // parser, whose cookies they read. Who the caller is first: an ended session gets its 401.
  closeByDefault(app);
  refuseUnstorableText(app);

  await app.register(healthRoutes);
  // One plugin per domain (server/<domain>/index.ts), each registering its own routes.
  await app.register(contentDomain);
  await app.register(accountsDomain);
  await app.register(documentsDomain);
  await app.register(ordersDomain);
  await app.register(identityDomain);
  await app.register(esimDomain);
  await app.register(paymentsDomain);
  await app.register(lineDomain);
  await app.register(billingDomain);
  await app.register(topupsDomain);
  await app.register(lifecycleDomain);
  await app.register(receiptsDomain);
  await app.register(notificationsDomain);
  await app.register(staffDomain);

  const serving = options.staticDir ? await registerStaticApp(app, options.staticDir) : false;
  // The staff console: its own page, never part of what /h5/ serves a customer.
  if (options.staticDir) await registerAdminApp(app, options.staticDir);
  const pages: PageShell | null =
    serving && options.staticDir
      ? await createPageShell(app, options.staticDir, {
          rendererPath: options.pageRenderer ?? null,
          changes,
          testMode: options.config.SANDBOX,
          origin: options.config.PUBLIC_URL.replace(/\/+$/, ''),
        })
      : null;

  app.get('/', async (_request, reply) => reply.redirect(BASE_PATH, 302));
  app.get('/h5', async (_request, reply) => reply.redirect(BASE_PATH, 301));
  // The home page: the static plugin would answer the folder itself.
  if (pages) app.get(BASE_PATH, (request, reply) => pages.send(request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      pages &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      path.startsWith(BASE_PATH) &&
      !path.startsWith(`${BASE_PATH}assets/`) &&
      !/\.[a-z0-9]+$/i.test(path);
    if (isPage) {
      // History-mode routing: every page URL is the app; the app decides what it shows.
      return pages.send(request, reply);
    }
    return reply.status(404).send(refusedWithId(request, 'NOT_FOUND'));
  });

  return app;
}
