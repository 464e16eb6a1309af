import { sandboxBridgeScript } from '../providers/sandbox-bridge-script.js';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CARD_OK,
  CARD_SHOP_ID_MISSING,
  CARD_SHOP_ID_NOT_ALPHANUMERIC,
  CARD_SHOP_ID_TOO_LONG,
  CARD_SHOP_UNKNOWN,
  cardNumberCode,
  gatewayExpiryCode,
  holderCode,
  maskCard,
  securityCodeCode,
} from '../../../contract/card-rules.js';
import {
  cardTokenBodySchema,
  cardTokenResultSchema,
  cashierBodySchema,
  cashierConfirmBodySchema,
  cashierConfirmedSchema,
  cashierQuerySchema,
  providerParamsSchema,
  secureChallengeQuerySchema,
  secureResultBodySchema,
} from '../../../contract/sandbox-views.js';
import { sandboxCardTokens, sandboxTrades } from '../../db/schema.js';
import { escapeHtml, htmlPage } from '../../lib/html.js';
import { message } from '../../lib/messages.js';
import { withContract } from '../../lib/validate.js';
import { alipayQuitUrl } from '../providers/alipay-quit.js';
import { SANDBOX_CARDS } from '../providers/sandbox-card.js';
import { SANDBOX_GMO_SHOP_ID } from '../providers/sandbox-keys.js';
import { sendSandboxNotification } from '../providers/sandbox-notifier.js';
import { sandboxNotifyDelay } from '../../config.js';
import { SANDBOX_TOKEN_SCRIPT } from '../providers/sandbox-token-script.js';
import { tradeOf } from '../providers/sandbox-trades.js';

/** Providers with a sandbox cashier; the card gateway has none. */
const CASHIERS = ['wechat', 'alipay'];

const TOKEN_TTL_MS = 30 * 60 * 1000;

/** Local stand-ins for the card token service, 3-D Secure, and the WeChat Pay and Alipay cashiers. */
export async function sandboxPayRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);

  app.get('/sandbox/bridge.js', async (request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(sandboxBridgeScript(request.lang)),
  );

  app.get('/sandbox/gmo/token.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SANDBOX_TOKEN_SCRIPT),
  );

  app.post(
    '/sandbox/gmo/token',
    { schema: { body: cardTokenBodySchema, response: { 200: cardTokenResultSchema } } },
    async (request) => {
      const b = request.body;
      const shopId = b.shopId ?? '';
      const fail = (resultCode: string) => ({ resultCode, tokenObject: {} });
      if (shopId === '') return fail(CARD_SHOP_ID_MISSING);
      if (shopId.length >= 14) return fail(CARD_SHOP_ID_TOO_LONG);
      if (!/^[A-Za-z0-9]+$/.test(shopId)) return fail(CARD_SHOP_ID_NOT_ALPHANUMERIC);
      if (shopId !== SANDBOX_GMO_SHOP_ID) return fail(CARD_SHOP_UNKNOWN);
      const code =
        cardNumberCode(b.cardno ?? '') ??
        gatewayExpiryCode(b.expire ?? '') ??
        securityCodeCode(b.securitycode ?? '') ??
        holderCode(b.holdername ?? '');
      if (code) return fail(code);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + TOKEN_TTL_MS);
      const cardno = b.cardno ?? '';
      const maskedCardNo = maskCard(cardno);
      await app.db.insert(sandboxCardTokens).values({
        token,
        maskedCardNo,
        behavior: SANDBOX_CARDS[cardno] ?? 'ok',
        cardExpiry: b.expire ?? '',
        expiresAt,
      });
      return {
        resultCode: CARD_OK,
        tokenObject: {
          token: [token],
          toBeExpiredAt: expiresAt.toISOString().slice(0, 16).replace(/[T:]/g, '-'),
          maskedCardNo,
          isSecurityCodeSet: Boolean(b.securitycode),
        },
      };
    },
  );

  // The issuer's challenge page. The gateway keeps its result; the customer's browser then
  // returns to the shop with nothing but the payment number, and the shop asks the gateway.
  app.get('/sandbox/gmo/3ds', { schema: { querystring: secureChallengeQuerySchema } }, async (request, reply) => {
    const lang = request.lang;
    const payment = escapeHtml(request.query.payment ?? '');
    const choice = (result: string, label: string, style = '') =>
      `<form method="post" action="/sandbox/gmo/3ds"><input type="hidden" name="payment" value="${payment}"><input type="hidden" name="result" value="${result}"><p><button type="submit"${style}>${escapeHtml(label)}</button></p></form>`;
    const body = `<h1>${escapeHtml(message(lang, 'sandbox.secureTitle'))}</h1><p>${escapeHtml(message(lang, 'sandbox.secureText'))}</p>
${choice('ok', message(lang, 'sandbox.secureOk'))}
${choice('ng', message(lang, 'sandbox.secureFail'), ' style="background:#888"')}`;
    return reply.type('text/html').send(htmlPage(lang, message(lang, 'sandbox.secureTitle'), body));
  });

  app.post('/sandbox/gmo/3ds', { schema: { body: secureResultBodySchema } }, async (request, reply) => {
    const b = request.body;
    const trade = await tradeOf(app.db, 'card', b.payment ?? '');
    if (!trade) return reply.status(404).type('text/plain').send('no such trade');
    await app.db
      .update(sandboxTrades)
      .set({ status: b.result === 'ok' ? 'authenticated' : 'auth_failed' })
      .where(and(eq(sandboxTrades.tradeNo, trade.tradeNo), eq(sandboxTrades.status, 'pending')));
    return reply.redirect(`/api/pay/return/card?paymentNo=${encodeURIComponent(trade.paymentNo)}`, 302);
  });

  const finishTrade = async (provider: string, tradeNo: string, paid: boolean) => {
    const [trade] = await app.db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo)).limit(1);
    if (!trade || trade.provider !== provider || !CASHIERS.includes(provider)) return null;
    // Only a pending trade moves: a closed one (a newer attempt replaced it) takes no money.
    const moved = await app.db
      .update(sandboxTrades)
      .set({ status: paid ? 'paid' : 'failed' })
      .where(and(eq(sandboxTrades.tradeNo, tradeNo), eq(sandboxTrades.status, 'pending')))
      .returning();
    if (moved.length > 0)
      sendSandboxNotification(
        app,
        app.sandboxKeys,
        trade,
        paid,
        app.config.WECHAT_APP_ID,
        sandboxNotifyDelay(app.config),
      );
    if (moved[0]) return moved[0];
    // Not pending any more: a close (or another tap) got there between the read and the update; answer what it left.
    const [now] = await app.db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo)).limit(1);
    return now ?? trade;
  };

  const openTrade = async (provider: string, tradeNo: string) => {
    const [trade] = await app.db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo)).limit(1);
    return trade && trade.provider === provider && CASHIERS.includes(provider) ? trade : null;
  };

  // What the WeChat client and the Alipay app do when the customer confirms or cancels.
  app.post(
    '/sandbox/:provider/confirm',
    {
      schema: {
        params: providerParamsSchema,
        body: cashierConfirmBodySchema,
        response: { 200: cashierConfirmedSchema, 404: cashierConfirmedSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const b = request.body;
      // Cancelling in the WeChat client or the Alipay app sends nothing to the merchant: the
      // trade stays unpaid, as with the real gateways, and the app hears "cancel" from the bridge.
      const trade =
        b.result === 'cancel'
          ? await openTrade(provider, b.trade ?? '')
          : await finishTrade(provider, b.trade ?? '', b.result === 'ok');
      if (!trade) return reply.status(404).send({ ok: false });
      return { ok: trade.status === 'paid' || b.result !== 'ok', status: trade.status };
    },
  );

  app.get(
    '/sandbox/:provider/cashier',
    { schema: { params: providerParamsSchema, querystring: cashierQuerySchema } },
    async (request, reply) => {
      const { provider } = request.params;
      const { trade: tradeNo = '', scan, wallet } = request.query;
      const [trade] = await app.db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo)).limit(1);
      const lang = request.lang;
      if (!trade || trade.provider !== provider || !CASHIERS.includes(provider))
        return reply.status(404).type('text/plain').send('no such trade');
      const title = message(
        lang,
        provider === 'wechat'
          ? scan
            ? 'sandbox.wechatScan'
            : 'sandbox.wechatCashier'
          : wallet === 'ALIPAY_HK'
            ? 'sandbox.alipayPlusCashier'
            : 'sandbox.alipayCashier',
      );
      const page = (text: string) =>
        reply.type('text/html').send(htmlPage(lang, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`));
      if (trade.status === 'closed') return page(message(lang, 'sandbox.cashierClosed'));
      if (scan && trade.status !== 'pending') return page(message(lang, 'sandbox.scanDone'));
      const form = (result: string, label: string, style = '') =>
        `<form method="post" action="/sandbox/${escapeHtml(provider)}/cashier"><input type="hidden" name="trade" value="${escapeHtml(tradeNo)}"><input type="hidden" name="result" value="${result}">${scan ? '<input type="hidden" name="scan" value="1">' : ''}<p><button type="submit"${style}>${escapeHtml(label)}</button></p></form>`;
      const body = `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message(lang, 'sandbox.cashierAmount', { amount: trade.amount.toLocaleString('ja-JP') }))}</p>
${form('ok', message(lang, 'sandbox.cashierPay'))}
${form('cancel', message(lang, 'sandbox.cashierCancel'), ' style="background:#888"')}`;
      return reply.type('text/html').send(htmlPage(lang, title, body));
    },
  );

  // The cashier's own form posts here; anything but a form (JSON, say) is a 4xx, never a fault.
  app.post(
    '/sandbox/:provider/cashier',
    { schema: { params: providerParamsSchema, body: cashierBodySchema } },
    async (request, reply) => {
      const { provider } = request.params;
      const b = request.body;
      // Leaving the cashier without paying sends no notification (as with the real gateways):
      // the customer goes back to the merchant's page and the trade stays unpaid.
      const trade =
        b.result === 'ok' ? await finishTrade(provider, b.trade ?? '', true) : await openTrade(provider, b.trade ?? '');
      if (!trade) return reply.status(404).type('text/plain').send('no such trade');
      // A QR code scanned with a phone ends on the phone; the computer's page sees the result itself.
      if (b.scan) {
        const text = message(request.lang, b.result === 'ok' ? 'sandbox.scanDone' : 'sandbox.scanCancelled');
        const title = message(request.lang, 'sandbox.wechatScan');
        return reply
          .type('text/html')
          .send(htmlPage(request.lang, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`));
      }
      // Alipay's mobile cashier has a quit path (quit_url) apart from its return: leaving unpaid
      // goes back saying so, and the page says "cancelled" at once instead of waiting. WeChat
      // Pay H5 returns to the one redirect_url either way, so its page still asks the server.
      const back = trade.returnUrl || '/h5/';
      if (b.result === 'ok' || provider !== 'alipay') return reply.redirect(back, 302);
      return reply.redirect(alipayQuitUrl(back), 302);
    },
  );
}
