import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brandPage } from '../../contract/brand-html.js';

/** Where the staff console lives; its scripts are under /h5/assets/admin/. */
export const CONSOLE_PATH = '/admin';

/**
 * The staff console's page (admin.html, built by vite.admin.config.ts next to the app) at
 * /admin and every path below it: the console routes in the browser. It gets the documents'
 * security headers like every page (plugins/security-headers.ts) and is never stored by a
 * browser or a proxy: what it shows belongs to a signed-in staff member.
 */
export async function registerAdminApp(app: FastifyInstance, staticDir: string): Promise<boolean> {
  const file = join(staticDir, 'admin.html');
  if (!existsSync(file)) {
    app.log.warn({ staticDir }, 'staff console not built; /admin/ is not served (run npm run build)');
    return false;
  }
  // The brand's title, icon and name in the sign-in frame; the console's words take it from the page.
  const html = brandPage(readFileSync(file, 'utf8'), app.config.BRAND, { lang: 'cn', fillText: true });
  const send = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(html);
  app.get(CONSOLE_PATH, send);
  app.get(`${CONSOLE_PATH}/*`, send);
  return true;
}
