import type { FastifyInstance } from 'fastify';
import {
  bindMobileSchema,
  addressFormSchema,
  personalSchema,
  planChangeFormSchema,
  smsSendSchema,
} from '../../../contract/profile-rules.js';
import {
  packageViewSchema,
  personalSavedSchema,
  personalViewSchema,
  planChangeSchema,
  signedInSchema,
  usageViewSchema,
} from '../../../contract/views.js';
import { requireUser, signInFirst } from '../../lib/auth.js';
import { nothing, ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { accountLang, toUserInfo } from '../../accounts/index.js';
import { cancelPlanChange, packageView, requestPlanChange, usageView } from '../line.js';
import { changeAddress, changePersonal, profileOf } from '../profile.js';
import { bindMobile, sendBindCode } from '../sms-codes.js';

/** My line: package, usage, plan change, phone binding, address and personal data. */
export async function lineRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);

  app.get('/api/user/package', { schema: { response: replies(packageViewSchema) } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, await packageView(app.db, user.id, request.lang));
  });

  app.get('/api/user/usage', { schema: { response: replies(usageViewSchema) } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, await usageView(app.db, user.id));
  });

  app.post(
    '/api/user/change_setmeal',
    { schema: { body: planChangeFormSchema, response: replies(planChangeSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      if (request.body.action === 'cancel') {
        await cancelPlanChange(app.db, user.id);
        return ok(request.lang, {}, 'api.changeCancelled');
      }
      const { change, difference } = await requestPlanChange(app.db, user, Number(request.body.planId));
      return ok(
        request.lang,
        { effectiveDate: change.effectiveDate, planId: change.toPlanId, difference },
        'api.changeScheduled',
      );
    },
  );

  app.post(
    '/api/sms/send',
    { preValidation: signInFirst(app), schema: { body: smsSendSchema, response: replies(nothing) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      // In the account's language, like every message to the customer.
      await sendBindCode(app.db, app.sms, user, request.body.mobile, request.ip, accountLang(user));
      return ok(request.lang, {}, 'api.smsSent');
    },
  );

  app.post(
    '/api/user/bind',
    { preValidation: signInFirst(app), schema: { body: bindMobileSchema, response: replies(signedInSchema) } },
    async (request) => {
      const { user, token } = await requireUser(app, request);
      const { mobile, code, password } = request.body;
      const updated = await bindMobile(app.db, user, { mobile, code, password }, app.sessions);
      return ok(request.lang, { userinfo: toUserInfo(updated, token) }, 'api.phoneBound');
    },
  );

  app.get('/api/user/personal', { schema: { response: replies(personalViewSchema) } }, async (request) => {
    const { user } = await requireUser(app, request);
    return ok(request.lang, await profileOf(app.db, user.id));
  });

  app.post(
    '/api/user/addr',
    { schema: { body: addressFormSchema, response: replies(personalSavedSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, { info: await changeAddress(app.db, user.id, request.body) }, 'api.saved');
    },
  );

  app.post(
    '/api/user/update',
    { preValidation: signInFirst(app), schema: { body: personalSchema, response: replies(personalSavedSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, { info: await changePersonal(app.db, user.id, request.body) }, 'api.saved');
    },
  );
}
