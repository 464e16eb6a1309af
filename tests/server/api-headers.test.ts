import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from '../../server/plugins/security-headers';

// An API answer carries what protects JSON and nothing a document needs; documents keep
// helmet's whole set.
describe('security headers by kind of answer', () => {
  it('gives /api/ the short set and a document the page policy', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { externalOrigins: [] });
    app.get('/api/thing', async () => ({ code: 1 }));
    app.get('/h5/page', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
    try {
      const api = await app.inject({ method: 'GET', url: '/api/thing' });
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      // Personal data: never kept by a browser or a proxy.
      expect(api.headers['cache-control']).toBe('no-store');
      expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of [
        'referrer-policy',
        'strict-transport-security',
        'x-frame-options',
        'origin-agent-cluster',
      ])
        expect(api.headers[documentOnly], documentOnly).toBeUndefined();

      const page = await app.inject({ method: 'GET', url: '/h5/page' });
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await app.close();
    }
  });
});
