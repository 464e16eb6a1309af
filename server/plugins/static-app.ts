import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const BASE_PATH = '/h5/';

/**
 * Serves the built web app under /h5/. Hashed assets are cached for a year; index.html is
 * revalidated every time so a deploy reaches WeChat's aggressive web-view cache.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<boolean> {
  if (!existsSync(join(staticDir, 'index.html'))) {
    app.log.warn({ staticDir }, 'web app not built; /h5/ is not served (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: BASE_PATH,
    // One route per built file, listed once at start: a page URL (/h5/pages/...) is no file and
    // goes straight to the page shell, without looking for it and its .br and .gz on disk.
    wildcard: false,
    // Compressed copies are found through their file's route; build metadata is never served.
    globIgnore: ['**/*.br', '**/*.gz', '**/.*/**', '**/.*'],
    // /h5/ is a page like any other: the page shell answers it (server/plugins/page-shell.ts).
    index: false,
    cacheControl: false,
    // The build leaves .br and .gz copies of every file (scripts/precompress.ts), so the one
    // asked for is there at the first look; files without one are compressed on the way out
    // by @fastify/compress.
    preCompressed: true,
    // The build manifest and stamp are for our scripts, not for browsers; the staff console's
    // page is served at /admin/ only (plugins/admin-app.ts).
    allowedPath: (pathName) =>
      !pathName.split('/').some((part) => part.startsWith('.')) && !pathName.endsWith('/admin.html'),
    setHeaders(reply, path) {
      if (path.includes(`${join(staticDir, 'assets')}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('cache-control', 'no-cache');
      }
    },
  });
  return true;
}
