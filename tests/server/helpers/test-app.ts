import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import type { MailProvider } from '../../../server/notifications/providers/mail-provider';
import { freshDatabase, type Backend, type TestDatabase } from './databases';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // Uploaded documents go to a folder of this test run, never into the project's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'sim-data-'));
  return loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://sim.test', DATA_DIR: dataDir, ...overrides });
}

export interface TestAppOptions {
  staticDir?: string;
  pageRenderer?: string;
  mail?: MailProvider;
  env?: Record<string, string>;
}

export async function createTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await freshDatabase(backend);
  const app = await buildApp({
    database: database.handle,
    config: testConfig(options.env),
    staticDir: options.staticDir,
    pageRenderer: options.pageRenderer,
    mail: options.mail,
  });
  return {
    app,
    database,
    async close() {
      try {
        await app.close();
      } finally {
        await database.drop();
      }
    },
  };
}

export const zh = { 'accept-language': 'zh-cn' };
export const ja = { 'accept-language': 'ja' };
