import type { Lang } from '../../contract/api.js';
import { message } from '../lib/messages.js';
import type { MailProvider } from '../notifications/index.js';

export type AccountMailKind = 'activation' | 'retrieve' | 'change_email';

/** Sends a code mail in the customer's language; a link is added where the flow has a page. */
export async function sendCodeMail(
  mail: MailProvider,
  lang: Lang,
  kind: AccountMailKind,
  to: string,
  code: string,
  link?: string,
): Promise<void> {
  const subject = message(lang, `mail.${kind}.subject`);
  const lines = [message(lang, `mail.${kind}.body`, { code, minutes: 10 })];
  if (link) lines.push('', message(lang, 'mail.link', { link }));
  lines.push('', message(lang, 'mail.ignore'), '', message(lang, 'app.name'));
  await mail.send({ to, subject, text: lines.join('\n') });
}
