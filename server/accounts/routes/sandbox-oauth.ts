import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  alipayAuthCodeBodySchema,
  alipayAuthCodeSchema,
  authorizeQuerySchema,
  consentBodySchema,
  miniProgramLoginBodySchema,
} from '../../../contract/sandbox-views.js';
import { escapeHtml, htmlPage } from '../../lib/html.js';
import { message } from '../../lib/messages.js';
import { withContract } from '../../lib/validate.js';
import { issueSandboxCode } from '../providers/sandbox-oauth.js';

const OPENID_COOKIE = 'sandbox_wechat_openid';
const CONSENT_COOKIE = 'sandbox_wechat_consent';

/** Like WeChat, only send codes back to the registered site: here, this server itself. */
function safeRedirect(request: FastifyRequest, redirectUri: string): URL | null {
  try {
    const base = `${request.protocol}://${request.host}`;
    const target = new URL(redirectUri, base);
    return target.origin === new URL(base).origin ? target : null;
  } catch {
    return null;
  }
}

async function redirectWithCode(
  app: FastifyInstance,
  reply: FastifyReply,
  target: URL,
  state: string,
  openid: string,
  nickname: string,
  scope: 'base' | 'userinfo' = 'userinfo',
) {
  const code = await issueSandboxCode(app.db, 'wechat', { subject: openid, nickname, scope });
  target.searchParams.set('code', code);
  target.searchParams.set('state', state);
  const year = 365 * 24 * 3600;
  reply.header('set-cookie', [
    `${OPENID_COOKIE}=${encodeURIComponent(openid)}; Path=/sandbox; Max-Age=${year}; HttpOnly; SameSite=Lax`,
    `${CONSENT_COOKIE}=${encodeURIComponent(nickname)}; Path=/sandbox; Max-Age=${year}; HttpOnly; SameSite=Lax`,
  ]);
  return reply.redirect(target.toString(), 302);
}

/**
 * The sandbox stand-in for WeChat's web authorization page: the first visit asks for
 * consent, later visits go straight back with a fresh code, as WeChat does.
 */
export async function sandboxOAuthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);

  app.get('/sandbox/wechat/authorize', { schema: { querystring: authorizeQuerySchema } }, async (request, reply) => {
    const q = request.query;
    const target = safeRedirect(request, q.redirect_uri ?? '');
    const lang = request.lang;
    if (!target || q.appid !== app.config.WECHAT_APP_ID || q.response_type !== 'code') {
      return reply
        .status(400)
        .type('text/html')
        .send(
          htmlPage(lang, message(lang, 'sandbox.title'), `<p>${escapeHtml(message(lang, 'sandbox.badRequest'))}</p>`),
        );
    }
    const state = q.state ?? '';
    const openid = request.cookies[OPENID_COOKIE];
    const consent = request.cookies[CONSENT_COOKIE];
    if (openid && consent !== undefined) return redirectWithCode(app, reply, target, state, openid, consent);
    // snsapi_base asks nothing: WeChat hands back a code for this person's openid at once.
    if (q.scope === 'snsapi_base') {
      const silent = openid ?? `sandbox-o${randomBytes(12).toString('hex')}`;
      const code = await issueSandboxCode(app.db, 'wechat', { subject: silent, nickname: '', scope: 'base' });
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      const year = 365 * 24 * 3600;
      reply.header(
        'set-cookie',
        `${OPENID_COOKIE}=${encodeURIComponent(silent)}; Path=/sandbox; Max-Age=${year}; HttpOnly; SameSite=Lax`,
      );
      return reply.redirect(target.toString(), 302);
    }

    const body = `<h1>${escapeHtml(message(lang, 'sandbox.title'))}</h1>
<p>${escapeHtml(message(lang, 'sandbox.consent', { site: message(lang, 'app.name') }))}</p>
<form method="post" action="/sandbox/wechat/authorize">
<input type="hidden" name="redirect_uri" value="${escapeHtml(target.toString())}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="nickname">${escapeHtml(message(lang, 'sandbox.nickname'))}</label>
<input id="nickname" name="nickname" value="${escapeHtml(message(lang, 'sandbox.defaultNickname'))}" maxlength="32">
<p><button type="submit">${escapeHtml(message(lang, 'sandbox.allow'))}</button></p>
</form>`;
    return reply.type('text/html').send(htmlPage(lang, message(lang, 'sandbox.title'), body));
  });

  app.post('/sandbox/wechat/authorize', { schema: { body: consentBodySchema } }, async (request, reply) => {
    const b = request.body;
    const target = safeRedirect(request, b.redirect_uri ?? '');
    if (!target) return reply.status(400).type('text/plain').send('bad redirect_uri');
    const openid = request.cookies[OPENID_COOKIE] ?? `sandbox-o${randomBytes(12).toString('hex')}`;
    const nickname = (b.nickname ?? '').trim().slice(0, 32);
    return redirectWithCode(app, reply, target, b.state ?? '', openid, nickname);
  });

  // What AlipayJSBridge.call('getAuthCode') hands the page inside the Alipay app.
  app.post(
    '/sandbox/alipay/auth_code',
    { schema: { body: alipayAuthCodeBodySchema, response: { 200: alipayAuthCodeSchema } } },
    async (request) => {
      const b = request.body;
      const uid = b.uid || `2088${randomBytes(6).toString('hex')}`;
      const authCode = await issueSandboxCode(app.db, 'alipay', { subject: uid, nickname: b.nickname ?? '' });
      return { authCode };
    },
  );

  // What wx.login (WeChat) or my.getAuthCode (Alipay) hands a mini-program: a code for one person,
  // which the mini-program sends to /api/miniprogram/ticket. `uid` picks the person (tests).
  app.post(
    '/sandbox/miniprogram/login',
    { schema: { body: miniProgramLoginBodySchema, response: { 200: alipayAuthCodeSchema } } },
    async (request) => {
      const b = request.body;
      const wechat = b.platform !== 'alipay';
      const uid =
        b.uid || (wechat ? `sandbox-o${randomBytes(12).toString('hex')}` : `2088${randomBytes(6).toString('hex')}`);
      const authCode = await issueSandboxCode(app.db, wechat ? 'wechat-miniprogram' : 'alipay-miniprogram', {
        subject: uid,
        nickname: b.nickname ?? '',
      });
      return { authCode };
    },
  );
}
