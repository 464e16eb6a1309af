import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLang, type Lang } from '../../../contract/api.js';
import { MATCHING_ID, SMDP_ADDRESS } from '../../../contract/esim-rules.js';
import { LANG_COOKIE } from '../../../contract/page-render.js';
import { sandboxNotifyDelay } from '../../config.js';
import { sandboxEsimProfiles } from '../../db/schema.js';
import { escapeHtml, htmlPage } from '../../lib/html.js';
import { message } from '../../lib/messages.js';
import { withContract } from '../../lib/validate.js';
import { noticeHeaders } from '../providers/notice-signature.js';

const pageQuerySchema = z.object({ carddata: z.string().max(600).optional().default('') });
const actionSchema = z.object({
  code: z.string().max(600).optional().default(''),
  action: z.enum(['download', 'install', 'delete']),
});

const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000];

const langOf = (request: FastifyRequest): Lang => {
  const cookie = request.cookies[LANG_COOKIE];
  return isLang(cookie) ? cookie : request.lang;
};

/** `LPA:1$<SM-DP+>$<matching ID>` read as a phone's camera would; null when it is not one. */
export function readLpa(code: string): { smdpAddress: string; matchingId: string } | null {
  const parts = code.trim().split('$');
  if (parts.length < 3 || parts[0]?.toUpperCase() !== 'LPA:1') return null;
  const [, smdpAddress = '', matchingId = ''] = parts;
  if (!SMDP_ADDRESS.test(smdpAddress) || !MATCHING_ID.test(matchingId)) return null;
  return { smdpAddress: smdpAddress.toLowerCase(), matchingId };
}

/**
 * A phone, played by this server: it "scans" an activation code (typed in, or handed over by
 * the one-tap link's `carddata`), downloads, installs and deletes the profile against the
 * sandbox carrier's record, refusing what a real phone would (no such profile, a revoked one).
 * Installing and deleting send the carrier's signed notice to /api/esim/notify, as the carrier
 * does: a moment later, twice, retried while not answered 2xx.
 */
export function sandboxPhoneRoutes(secret: string) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = withContract(fastify);

    const page = (lang: Lang, code: string, note: string) => {
      const title = message(lang, 'sandbox.esimPhoneTitle');
      const button = (action: string, key: string, grey = false) =>
        `<p><button type="submit" name="action" value="${action}"${grey ? ' style="background:#555"' : ''}>${escapeHtml(message(lang, key))}</button></p>`;
      return htmlPage(
        lang,
        title,
        `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message(lang, 'sandbox.esimPhoneIntro'))}</p>
${note ? `<p role="status">${escapeHtml(note)}</p>` : ''}
<form method="post" action="/sandbox/esim/phone">
<label>${escapeHtml(message(lang, 'sandbox.esimCode'))}<input name="code" value="${escapeHtml(code)}" autocomplete="off"></label>
${button('download', 'sandbox.esimDownload')}${button('install', 'sandbox.esimInstall')}${button('delete', 'sandbox.esimDelete', true)}
</form>`,
      );
    };

    app.get('/sandbox/esim/phone', { schema: { querystring: pageQuerySchema } }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return reply.type('text/html').send(page(langOf(request), request.query.carddata, ''));
    });

    app.post('/sandbox/esim/phone', { schema: { body: actionSchema } }, async (request, reply) => {
      const lang = langOf(request);
      const { code, action } = request.body;
      void reply.header('cache-control', 'no-store');
      const answer = (key: string, params: Record<string, string> = {}, status = 200) =>
        reply
          .status(status)
          .type('text/html')
          .send(page(lang, code, message(lang, key, params)));
      const lpa = readLpa(code);
      if (!lpa) return answer('sandbox.esimWrongCode', {}, 400);
      const [row] = await app.db
        .select()
        .from(sandboxEsimProfiles)
        .where(eq(sandboxEsimProfiles.matchingId, lpa.matchingId))
        .limit(1);
      if (!row) return answer('sandbox.esimUnknown', {}, 404);
      if (row.state === 'revoked') return answer('sandbox.esimRevoked', {}, 409);
      const next =
        action === 'download'
          ? row.state === 'released'
            ? 'downloaded'
            : row.state
          : action === 'install'
            ? ['released', 'downloaded'].includes(row.state)
              ? 'installed'
              : row.state
            : row.state === 'installed'
              ? 'deleted'
              : null;
      if (next === null) return answer('sandbox.esimNotInstalled', {}, 409);
      if (action === 'install' && row.state === 'deleted') return answer('sandbox.esimRevoked', {}, 409);
      if (next !== row.state) {
        await app.db
          .update(sandboxEsimProfiles)
          .set({ state: next, updatedAt: new Date() })
          .where(eq(sandboxEsimProfiles.iccid, row.iccid));
        if (next === 'installed' || next === 'deleted')
          sendNotices(app, secret, row.iccid, next, sandboxNotifyDelay(app.config));
      }
      return answer('sandbox.esimDone', { state: next });
    });
  };
}

/** The carrier's notice, signed and delivered twice (carriers do), each retried while not answered 2xx. */
export function sendNotices(app: FastifyInstance, secret: string, iccid: string, state: string, delayMs: number): void {
  const body = JSON.stringify({ event_id: randomUUID(), iccid, state, occurred_at: new Date().toISOString() });
  const deliver = async (attempt: number): Promise<void> => {
    let acknowledged = false;
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/esim/notify',
        headers: noticeHeaders(secret, body, new Date()),
        payload: body,
      });
      acknowledged = res.statusCode >= 200 && res.statusCode < 300;
    } catch {
      acknowledged = false;
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (!acknowledged && delay !== undefined) setTimeout(() => void deliver(attempt + 1), delay).unref();
  };
  const all = async () => {
    await deliver(0);
    setTimeout(() => void deliver(RETRY_DELAYS_MS.length), 300).unref();
  };
  if (delayMs > 0) setTimeout(() => void all(), delayMs).unref();
  else void all();
}
