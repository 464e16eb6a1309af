import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** Extra script and connect sources (the card gateway's token script, when external). */
  externalOrigins: string[];
  /** Extra image sources: the brand's logo and icon when they are on another host. */
  imageOrigins?: string[];
}

// JSON is never rendered as a document, so the document policies (scripts, COOP, referrer,
// HSTS and the rest of helmet's set) mean nothing on it. What an API reply keeps:
// - nosniff: the JSON is never sniffed into HTML or script;
// - no-store: it carries personal data, never kept by a browser or a proxy on the way;
// - a CSP that allows nothing and no framing: should a browser ever draw it, nothing in it
//   runs and no page can frame it (clickjacking);
// - same-origin CORP: the staff API answers a cookie (SameSite=Strict, so never sent
//   cross-site, but a sibling origin on the same site would send it), and a page elsewhere
//   must not pull its answers into its own process, even unreadable.
// Left off: referrer-policy (JSON has no links to follow and loads nothing), HSTS (the
// documents set it; an API call never comes first), COOP and the rest of helmet's set.
const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/**
 * Helmet's headers on every document and asset; a short fixed set on /api/. Helmet's
 * middleware is built once here: @fastify/helmet rebuilt it, CSP parsing included, for
 * every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Served over plain HTTP on a LAN during development; upgrading would break it.
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        // The card gateway's token script (same origin for the sandbox) and its token API.
        scriptSrc: ["'self'", ...options.externalOrigins],
        connectSrc: ["'self'", ...options.externalOrigins],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      reply.headers(API_HEADERS);
      done();
      return;
    }
    documentHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
