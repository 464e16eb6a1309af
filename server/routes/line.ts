import type { FastifyInstance } from 'fastify';
import { normalizeMobile } from '../../contract/line-rules.js';
import { requireUser } from '../lib/auth.js';
import { envelopeSchema, errorEnvelopeSchema, ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { formBody } from '../lib/validate.js';
import { toUserInfo } from '../services/accounts.js';
import { billByNo, cancelPlanChange, listBills, packageView, requestPlanChange, usageView } from '../services/line.js';
import { changeAddress, changePersonal, profileOf } from '../services/profile.js';
import { bindMobile, sendBindCode } from '../services/sms-codes.js';
import { userInfoSchema } from './user.js';

// Read answers are loosely declared objects: their shapes are the contract types, and the
// declared envelope keeps anything else (a password hash, say) from being serialized.
const anyData = (required: string[] = []) => ({ anyOf: [envelopeSchema({ type: 'object', required, additionalProperties: true }), errorEnvelopeSchema] });
const replies = (required: string[] = []) => ({ 200: anyData(required), 401: errorEnvelopeSchema, 404: errorEnvelopeSchema });

const billView = (b: Awaited<ReturnType<typeof listBills>>[number]) => ({
  billNo: b.billNo,
  month: b.month,
  items: b.items,
  subtotal: b.subtotal,
  tax: b.tax,
  total: b.total,
  dueDate: b.dueDate,
  status: b.status,
  paidAt: b.paidAt?.toISOString() ?? null,
});

/** My line: package, usage, bills, plan change, phone binding, address and personal data. */
export async function lineRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/user/package', { schema: { response: replies(['msisdn']) } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, await packageView(app.db, user.id, request.lang));
  });

  app.get('/api/user/usage', { schema: { response: replies(['usedMb']) } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, await usageView(app.db, user.id));
  });

  app.get('/api/bill/lists', { schema: { response: replies(['bills']) } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, { bills: (await listBills(app.db, user.id)).map(billView) });
  });

  app.get(
    '/api/bill/detail',
    { schema: { querystring: { type: 'object', required: ['billNo'], properties: { billNo: { type: 'string', maxLength: 32 } } }, response: replies(['billNo']) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, billView(await billByNo(app.db, user.id, (request.query as { billNo: string }).billNo)));
    },
  );

  app.post('/api/user/change_setmeal', { schema: { body: formBody(['planId', 'action']), response: replies() } }, async (request) => {
    const { user } = await requireUser(app, request);
    const body = (request.body ?? {}) as Record<string, string>;
    if (body.action === 'cancel') {
      await cancelPlanChange(app.db, user.id);
      return ok(request.lang, {}, 'api.changeCancelled');
    }
    const { change, difference } = await requestPlanChange(app.db, user, Number(body.planId));
    return ok(request.lang, { effectiveDate: change.effectiveDate, planId: change.toPlanId, difference }, 'api.changeScheduled');
  });

  const mobileOf = (body: Record<string, string>) => {
    const mobile = normalizeMobile(body.country ?? '', body.mobile ?? '');
    if (!mobile) throw new ApiError('MOBILE_INVALID', 200, { mobile: 'MOBILE_INVALID' });
    return mobile;
  };

  app.post('/api/sms/send', { schema: { body: formBody(['country', 'mobile', 'event']), response: replies() } }, async (request) => {
    const { user } = await requireUser(app, request);
    await sendBindCode(app.db, app.sms, user, mobileOf(request.body as Record<string, string>), request.ip, request.lang);
    return ok(request.lang, {}, 'api.smsSent');
  });

  app.post(
    '/api/user/bind',
    { schema: { body: formBody(['country', 'mobile', 'code', 'password']), response: { 200: { anyOf: [envelopeSchema({ type: 'object', required: ['userinfo'], properties: { userinfo: userInfoSchema } }), errorEnvelopeSchema] }, 401: errorEnvelopeSchema } } },
    async (request) => {
      const { user, token } = await requireUser(app, request);
      const body = (request.body ?? {}) as Record<string, string>;
      if (!/^\d{6}$/.test(body.code ?? '')) throw new ApiError('CODE_INVALID', 200, { code: 'CODE_INVALID' });
      const updated = await bindMobile(app.db, user, { mobile: mobileOf(body), code: body.code!, password: body.password || undefined }, app.sessions);
      return ok(request.lang, { userinfo: toUserInfo(updated, token) }, 'api.phoneBound');
    },
  );

  app.get('/api/user/personal', { schema: { response: replies(['info']) } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, await profileOf(app.db, user.id));
  });

  app.post(
    '/api/user/addr',
    { schema: { body: formBody(['region', 'postcode', 'province', 'city', 'district', 'block', 'building', 'proofType', 'proofDate', 'proofDoc']), response: replies() } },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, { info: await changeAddress(app.db, user.id, request.body as Record<string, string>) }, 'api.saved');
    },
  );

  app.post('/api/user/update', { schema: { body: formBody(['lastName', 'firstName', 'phone', 'visaType']), response: replies() } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, { info: await changePersonal(app.db, user.id, request.body as Record<string, string>) }, 'api.saved');
  });
}
