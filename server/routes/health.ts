import type { FastifyInstance } from 'fastify';

// The app is built only after migrations ran, so answering at all means ready.
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        response: { 200: { type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' } } } },
      },
    },
    async () => ({ status: 'ok', database: app.dbKind }),
  );
}
