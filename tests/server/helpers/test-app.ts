import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { freshDatabase, type Backend, type TestDatabase } from './databases';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(backend: Backend, staticDir?: string): Promise<TestApp> {
  const database = await freshDatabase(backend);
  const app = await buildApp({ database: database.handle, staticDir });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export const zh = { 'accept-language': 'zh-cn' };
export const ja = { 'accept-language': 'ja' };
