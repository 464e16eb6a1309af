import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { jssdkQuerySchema } from '../../../contract/queries.js';
import { jssdkSignatureSchema } from '../../../contract/views.js';
import { ok, replies } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { withContract } from '../../lib/validate.js';

/** JS-SDK signature: SHA-1 of the four fields in this order, the URL without its #fragment. */
export function jssdkSignature(ticket: string, nonceStr: string, timestamp: string, url: string): string {
  const plain = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.split('#')[0]}`;
  return createHash('sha1').update(plain).digest('hex');
}

interface Cached {
  value: string;
  expiresAt: number;
}

/**
 * wx.config parameters for a page URL. The app picks the URL (iOS WeChat signs the landing
 * URL, Android the current one); the server signs only pages of this site.
 */
export async function wechatJssdkRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  let ticket: Cached | null = null;
  const sandboxTicket = randomBytes(24).toString('base64url');

  const currentTicket = async (): Promise<string> => {
    if (app.config.WECHAT_MODE === 'sandbox') return sandboxTicket;
    if (ticket && ticket.expiresAt > Date.now()) return ticket.value;
    const base = app.config.WECHAT_API_BASE;
    const tokenRes = (await (
      await fetch(
        `${base}/cgi-bin/token?grant_type=client_credential&appid=${app.config.WECHAT_APP_ID}&secret=${app.config.WECHAT_APP_SECRET}`,
        { signal: AbortSignal.timeout(10_000) },
      )
    ).json()) as { access_token?: string };
    if (!tokenRes.access_token) throw new ApiError('SERVER_ERROR', 502);
    const ticketRes = (await (
      await fetch(`${base}/cgi-bin/ticket/getticket?access_token=${tokenRes.access_token}&type=jsapi`, {
        signal: AbortSignal.timeout(10_000),
      })
    ).json()) as { ticket?: string; expires_in?: number };
    if (!ticketRes.ticket) throw new ApiError('SERVER_ERROR', 502);
    // Refreshed a few minutes early: WeChat allows a limited number of ticket calls a day.
    ticket = { value: ticketRes.ticket, expiresAt: Date.now() + ((ticketRes.expires_in ?? 7200) - 300) * 1000 };
    return ticket.value;
  };

  app.get(
    '/api/wechat/jssdk',
    { schema: { querystring: jssdkQuerySchema, response: replies(jssdkSignatureSchema) } },
    async (request) => {
      const { url } = request.query;
      let page: URL;
      try {
        page = new URL(url);
      } catch {
        throw new ApiError('BAD_REQUEST', 200, { url: 'BAD_REQUEST' });
      }
      const own = [new URL(app.config.PUBLIC_URL).host, request.host];
      if (!own.includes(page.host)) throw new ApiError('BAD_REQUEST', 200, { url: 'BAD_REQUEST' });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonceStr = randomBytes(8).toString('hex');
      const signature = jssdkSignature(await currentTicket(), nonceStr, timestamp, url);
      return ok(request.lang, { appId: app.config.WECHAT_APP_ID, timestamp, nonceStr, signature });
    },
  );
}
