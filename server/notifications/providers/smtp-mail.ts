import nodemailer from 'nodemailer';
import type { MailMessage, MailProvider } from './mail-provider.js';

export function smtpMail(url: string, from: string): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
