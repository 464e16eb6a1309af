import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../lib/auth.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope.js';
import { formBody } from '../lib/validate.js';
import { completeCardReturn } from '../services/card-return.js';
import { createPayment, paymentStatus, receiveNotification, type PaymentDeps } from '../services/payments.js';
import { customerRefunds } from '../services/refunds.js';

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

const refundsSchema = envelopeSchema({
  type: 'object',
  required: ['refunds'],
  properties: { refunds: { type: 'array', items: { type: 'object', properties: { amount: { type: 'integer' }, status: { type: 'string' } } } } },
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
      const result = await createPayment(deps(), user.id, {
        orderNo: body.orderNo || undefined,
        billNo: body.billNo || undefined,
        method: body.method ?? '',
        scene: body.scene,
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

  // Refunds of surplus payments on one of my orders or bills ("a duplicate payment of ¥1,980 is being refunded").
  app.get(
    '/api/pay/refunds',
    {
      schema: {
        querystring: { type: 'object', properties: { orderNo: { type: 'string', maxLength: 32 }, billNo: { type: 'string', maxLength: 32 } } },
        response: { 200: { anyOf: [refundsSchema, errorEnvelopeSchema] }, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(app, request);
      const refunds = await customerRefunds(app.db, user.id, request.query as { orderNo?: string; billNo?: string });
      return ok(request.lang, { refunds });
    },
  );

  // Back from a 3-D Secure challenge (the browser, redirected by the card's issuer, by GET or
  // POST). Anyone may call it: it only asks the gateway how the challenge ended.
  const secureReturn = {
    schema: { querystring: { type: 'object', required: ['paymentNo'], properties: { paymentNo: { type: 'string', maxLength: 40 } } } },
  };
  const backFromSecure = async (request: FastifyRequest, reply: FastifyReply) => {
    const { paymentNo } = request.query as { paymentNo: string };
    return reply.redirect(await completeCardReturn(deps(), paymentNo), 302);
  };
  app.get('/api/pay/return/card', secureReturn, backFromSecure);
  app.post('/api/pay/return/card', secureReturn, backFromSecure);

  // Server-to-server notifications, verified on the raw body exactly as the provider signed it.
  await app.register(async (notify) => {
    notify.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded']);
    notify.addContentTypeParser(['application/json', 'application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    notify.post('/api/pay/notify/:provider', async (request, reply) => {
      const name = (request.params as { provider: string }).provider;
      const raw = typeof request.body === 'string' ? request.body : '';
      const received = await receiveNotification(deps(), name, request.headers, raw);
      if (!received) return reply.status(404).type('text/plain').send('unknown provider');
      if (received.outcome === 'refused') request.log.warn({ provider: name }, 'payment notification refused');
      const { ack } = received;
      return reply.status(ack.status).type(ack.contentType).send(ack.body);
    });
  });
}
