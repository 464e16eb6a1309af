import type { FastifyInstance } from 'fastify';
import { notificationChoiceSchema } from '../../../contract/notification-rules.js';
import { notificationSettingsSchema } from '../../../contract/views.js';
import { requireUser, signInFirst } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { withContract } from '../../lib/validate.js';
import { chooseNotification, notificationSettings } from '../notification-settings.js';

/** The customer's choice of how they are told about orders, their line and bills. */
export async function notificationSettingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);

  app.get(
    '/api/user/notification_settings',
    { schema: { response: replies(notificationSettingsSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, await notificationSettings(app.db, user.id));
    },
  );

  app.post(
    '/api/user/notification_settings',
    {
      preValidation: signInFirst(app),
      schema: { body: notificationChoiceSchema, response: replies(notificationSettingsSchema) },
    },
    async (request) => {
      const { user } = await requireUser(app, request);
      return ok(request.lang, await chooseNotification(app.db, user.id, request.body), 'api.saved');
    },
  );
}
