import type { Database } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import type { MailMessage, MailProvider } from './mail-provider.js';

/** Keeps mail in the database for the development outbox page instead of sending it. */
export function outboxMail(db: Database): MailProvider {
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      await db
        .insert(outbox)
        .values({ channel: 'mail', recipient: message.to, subject: message.subject, body: message.text });
    },
  };
}
