import type { FastifyInstance, FastifyRequest } from 'fastify';
import { detectPlatform } from '../../../contract/detect.js';
import { refineContainer } from '../../../contract/containers.js';
import {
  notifyParamsSchema,
  payCreateBodySchema,
  paymentNoQuerySchema,
  refundsQuerySchema,
} from '../../../contract/payment-rules.js';
import { payCreatedSchema, payRefundsSchema, payStatusSchema } from '../../../contract/payment-views.js';
import { reconcileSchedule } from '../../config.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { completeCardReturn } from '../card-return.js';
import { createPayment, paymentStatus, receiveNotification, type PaymentDeps } from '../payments.js';
import { paymentChargeKind, paymentTargetNo } from '../targets.js';
import { customerRefunds } from '../refunds.js';

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function paymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const deps = (): PaymentDeps => ({
    db: app.db,
    providers: app.payments,
    methods: app.config.PAYMENT_METHODS,
    photoForData: app.config.KYC_PHOTO_FOR_DATA === 'on',
    wechatH5: app.config.WECHAT_H5_PAY === 'on',
    checkAfterSeconds: reconcileSchedule(app.config),
    wechatAppIds: { official: app.config.WECHAT_APP_ID, miniProgram: app.config.WECHAT_MINIPROGRAM_APP_ID },
  });

  app.post(
    '/api/pay/create',
    { schema: { body: payCreateBodySchema, response: replies(payCreatedSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const { orderNo, billNo, chargeNo, method, scene, token, container } = request.body;
      const result = await createPayment(deps(), user.id, {
        // An empty form field is no order or bill number.
        orderNo: orderNo || undefined,
        billNo: billNo || undefined,
        chargeNo: chargeNo || undefined,
        method: method ?? '',
        scene,
        token,
        container: refineContainer(detectPlatform(request.headers['user-agent'] ?? ''), container),
        clientIp: request.ip,
        origin: origin(request),
        notifyBase: app.config.PUBLIC_URL,
      });
      return ok(request.lang, result);
    },
  );

  app.get(
    '/api/pay/status',
    { schema: { querystring: paymentNoQuerySchema, response: replies(payStatusSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const row = await paymentStatus(deps(), user.id, request.query.paymentNo);
      const { paymentNo, status, failureCode, targetType, method, amount } = row;
      // The result page says what was paid: amount, method, the order's or bill's number and when.
      const targetNo = await paymentTargetNo(app.db, targetType, row.targetId);
      const at = (row.paidAt ?? row.createdAt).toISOString();
      const chargeKind = await paymentChargeKind(app.db, targetType, row.targetId);
      return ok(request.lang, { paymentNo, status, failureCode, targetType, method, amount, targetNo, at, chargeKind });
    },
  );

  // Refunds of surplus payments on one of my orders or bills ("a duplicate payment of ¥1,980 is being refunded").
  app.get(
    '/api/pay/refunds',
    { schema: { querystring: refundsQuerySchema, response: replies(payRefundsSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, { refunds: await customerRefunds(app.db, user.id, request.query) });
    },
  );

  // Back from a 3-D Secure challenge (the browser, redirected by the card's issuer, by GET or
  // POST). Anyone may call it: it only asks the gateway how the challenge ended.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/pay/return/card',
    schema: { querystring: paymentNoQuerySchema },
    handler: async (request, reply) => reply.redirect(await completeCardReturn(deps(), request.query.paymentNo), 302),
  });

  // Server-to-server notifications, verified on the raw body exactly as the provider signed it:
  // the body is text here, never parsed before the provider has checked its signature.
  await app.register(async (plugin) => {
    const notify = withContract(plugin);
    notify.removeContentTypeParser(['application/json', 'application/x-www-form-urlencoded']);
    notify.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded', 'text/plain'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    notify.post('/api/pay/notify/:provider', { schema: { params: notifyParamsSchema } }, async (request, reply) => {
      const { provider } = request.params;
      const raw = typeof request.body === 'string' ? request.body : '';
      const received = await receiveNotification(deps(), provider, request.headers, raw);
      if (!received) return reply.status(404).type('text/plain').send('unknown provider');
      if (received.outcome === 'refused') request.log.warn({ provider }, 'payment notification refused');
      const { ack } = received;
      return reply.status(ack.status).type(ack.contentType).send(ack.body);
    });
  });
}
