import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../lib/auth.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { formBody } from '../lib/validate.js';
import type { PayMethod, PayScene } from '../providers/payment/payment-provider.js';
import { acceptNotification, createPayment, paymentStatus, settlePayment, type PaymentDeps } from '../services/payments.js';
import { payments } from '../db/schema.js';
import { eq } from 'drizzle-orm';

const createSchema = envelopeSchema({
  type: 'object',
  required: ['paymentNo', 'outcome'],
  properties: {
    paymentNo: { type: 'string' },
    outcome: {
      type: 'object',
      properties: {
        kind: { type: 'string' },
        params: { type: 'object', additionalProperties: { type: 'string' } },
        url: { type: 'string' },
        code: { type: 'string' },
      },
    },
  },
});
const statusSchema = envelopeSchema({
  type: 'object',
  required: ['paymentNo', 'status'],
  properties: { paymentNo: { type: 'string' }, status: { type: 'string' }, failureCode: { type: ['string', 'null'] }, targetType: { type: 'string' } },
});

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): PaymentDeps => ({ db: app.db, providers: app.payments, methods: app.config.PAYMENT_METHODS });

  app.post(
    '/api/pay/create',
    {
      schema: {
        // Never an amount: the server prices the order. A card arrives only as the gateway's token.
        body: formBody(['orderNo', 'billNo', 'method', 'scene', 'token'], 512),
        response: { 200: { anyOf: [createSchema, errorEnvelopeSchema] }, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(app, request);
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const method = body.method as PayMethod;
      if (!['wechat', 'alipay', 'card'].includes(method)) throw new ApiError('PAY_METHOD_UNAVAILABLE');
      const result = await createPayment(deps(), user.id, {
        orderNo: body.orderNo || undefined,
        billNo: body.billNo || undefined,
        method,
        scene: (body.scene ?? (method === 'card' ? 'card' : '')) as PayScene,
        token: body.token,
        clientIp: request.ip,
        origin: origin(request),
        notifyBase: app.config.PUBLIC_URL,
      });
      return ok(request.lang, result);
    },
  );

  app.get(
    '/api/pay/status',
    {
      schema: {
        querystring: { type: 'object', required: ['paymentNo'], properties: { paymentNo: { type: 'string', maxLength: 40 } } },
        response: { 200: statusSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(app, request);
      const payment = await paymentStatus(deps(), user.id, (request.query as { paymentNo: string }).paymentNo);
      return ok(request.lang, { paymentNo: payment.paymentNo, status: payment.status, failureCode: payment.failureCode, targetType: payment.targetType });
    },
  );

  // Back from a 3-D Secure challenge (the browser, redirected by the card's issuer).
  app.get(
    '/api/pay/return/card',
    { schema: { querystring: { type: 'object', required: ['paymentNo'], properties: { paymentNo: { type: 'string', maxLength: 40 }, result: { type: 'string', maxLength: 8 } } } } },
    async (request, reply) => {
      const q = request.query as Record<string, string>;
      const [payment] = await app.db.select().from(payments).where(eq(payments.paymentNo, q.paymentNo ?? '')).limit(1);
      const provider = app.payments.card;
      if (payment && payment.status === 'pending' && provider.completeSecure) {
        const done = await provider.completeSecure({ paymentNo: payment.paymentNo, providerTradeNo: payment.providerTradeNo }, q);
        await settlePayment(app.db, payment.paymentNo, done.paid ? { paid: true, tradeNo: payment.providerTradeNo ?? '' } : { paid: false, code: done.code }, 'provider:card');
      }
      return reply.redirect(`/h5/pages/public/success?paymentNo=${encodeURIComponent(q.paymentNo ?? '')}`, 302);
    },
  );

  // Server-to-server notifications, verified on the raw body exactly as the provider signed it.
  await app.register(async (notify) => {
    notify.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded']);
    notify.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    notify.post('/api/pay/notify/:provider', async (request, reply) => {
      const name = (request.params as { provider: string }).provider as PayMethod;
      const provider = app.payments[name];
      if (!provider) return reply.status(404).send('unknown provider');
      const raw = typeof request.body === 'string' ? request.body : '';
      const verified = await provider.verifyNotification(request.headers, raw);
      const outcome = verified ? await acceptNotification(app.db, provider, verified) : 'refused';
      if (outcome === 'refused') request.log.warn({ provider: name }, 'payment notification refused');
      const ack = provider.ack(outcome !== 'refused');
      return reply.status(ack.status).type(ack.contentType).send(ack.body);
    });
  });
}
