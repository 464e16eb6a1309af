// Notifications: messages composed per event in the customer's language, the customer's channel
// choices, and the outbox that delivers mail, SMS and WeChat messages.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { devOutboxRoutes } from './routes/dev-outbox.js';
import { notificationSettingsRoutes } from './routes/notification-settings.js';

export type { MailProvider } from './providers/mail-provider.js';
export type { SmsProvider } from './providers/sms-provider.js';
export { createTransports } from './providers/create-transports.js';
export {
  deliverMessage,
  dueMessages,
  queueingMail,
  queueingSms,
  retryFailedMessage,
  type Transports,
} from './outbox.js';
export { notify } from './notifications.js';
export { queueMessages, type QueuedMessage } from './outbox.js';

/** Registers the domain's routes (app.ts). */
export async function notificationsDomain(app: FastifyInstance): Promise<void> {
  await app.register(notificationSettingsRoutes);
  // Never in production, staging included: the outbox holds codes that open any account.
  if (app.config.NODE_ENV !== 'production') await app.register(devOutboxRoutes);
}
