import type { Transporter } from 'nodemailer';
import type { MailMessage, MailProvider } from './mail-provider.js';

export function smtpMail(url: string, from: string): MailProvider {
  // nodemailer loads with the first message, not with every start (a tenth of a second).
  let transport: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await transport).sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
