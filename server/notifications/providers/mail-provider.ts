export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail. Implementations: the development outbox and SMTP. */
export interface MailProvider {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
