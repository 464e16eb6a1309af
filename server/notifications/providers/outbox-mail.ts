import type { MailProvider } from './mail-provider.js';

/**
 * Development: nothing leaves the machine. The message is already a row of the outbox
 * table, which the development outbox page shows; delivering it only marks it sent.
 */
export function outboxMail(): MailProvider {
  return { kind: 'outbox', send: () => Promise.resolve() };
}
