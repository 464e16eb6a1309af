import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** Extra script and connect sources (the card gateway's token script, when external). */
  externalOrigins: string[];
}

// JSON is never rendered as a document, so the document policies (CSP for scripts,
// framing, COOP) mean nothing on it; what matters is that it is never sniffed into HTML,
// never framed, never cached on the way (it carries personal data), and never read
// cross-origin.
const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
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
        imgSrc: ["'self'", 'data:', 'blob:'],
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
