import type { Lang } from '../contract/api.js';
import type { Database } from './db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: 'pglite' | 'postgres';
  }
  interface FastifyRequest {
    /** The display language this request asked for (Accept-Language). */
    lang: Lang;
  }
}
