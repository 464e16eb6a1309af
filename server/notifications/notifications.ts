import { and, eq } from 'drizzle-orm';
import { isLang, type Lang } from '../../contract/api.js';
import type { NotificationChannel, NotificationKind } from '../../contract/notifications.js';
import type { Database } from '../db/client.js';
import { userIdentities, users } from '../db/schema.js';
import { message } from '../lib/messages.js';
import { queueMessages, type OutboxChannel } from './outbox.js';
import { enabledChannels } from './notification-settings.js';

export interface NotifyEvent {
  userId: number;
  kind: NotificationKind;
  /** What the event is about (an order number, a bill number, a month): with the kind, sent once. */
  ref: string;
  /** Values for the message; `link` is a path under /h5 that the message opens. */
  params: Record<string, string | number>;
  /** Per-language values (a plan name, rejection reasons) that replace `params` entries. */
  localized?: Record<string, Record<Lang, string>>;
  link: string;
}

const outboxChannel: Record<NotificationChannel, OutboxChannel> = { email: 'mail', sms: 'sms', wechat: 'wechat' };

/**
 * Queues a notification in the customer's language on each channel they chose and have (an
 * e-mail, a bound mobile, a linked WeChat), inside the caller's transaction when given one, so
 * it commits with the change it announces. The same event twice queues nothing more.
 * Links are written as {{origin}}/h5/...: the worker that delivers completes them.
 */
export async function notify(db: Database, event: NotifyEvent): Promise<number[]> {
  const [user] = await db
    .select({ email: users.email, mobile: users.mobile, lang: users.lang })
    .from(users)
    .where(eq(users.id, event.userId))
    .limit(1);
  if (!user) return [];
  const lang: Lang = isLang(user.lang) ? user.lang : 'cn';
  const channels = await enabledChannels(db, event.userId, event.kind);
  const [wechat] = channels.has('wechat')
    ? await db
        .select({ openid: userIdentities.subject })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, event.userId), eq(userIdentities.provider, 'wechat')))
        .limit(1)
    : [];
  const recipients: Partial<Record<NotificationChannel, string>> = {
    email: user.email ?? undefined,
    sms: user.mobile ?? undefined,
    wechat: wechat?.openid,
  };
  const params: Record<string, string | number> = {
    ...event.params,
    ...Object.fromEntries(Object.entries(event.localized ?? {}).map(([k, v]) => [k, v[lang]])),
    link: `{{origin}}/h5${event.link}`,
    settingsLink: '{{origin}}/h5/pages/user/notifications',
  };
  const subject = message(lang, `notify.${event.kind}.subject`, params);
  const messages = (Object.keys(recipients) as NotificationChannel[])
    .filter((channel) => channels.has(channel) && recipients[channel])
    .map((channel) => ({
      channel: outboxChannel[channel],
      recipient: recipients[channel]!,
      subject,
      body:
        channel === 'email'
          ? `${message(lang, `notify.${event.kind}.body`, params)}\n\n${message(lang, 'notify.footer', params)}`
          : message(lang, `notify.${event.kind}.sms`, params),
      kind: event.kind,
      userId: event.userId,
      dedupeKey: `${event.kind}:${event.ref}:${channel}`,
    }));
  return queueMessages(db, messages);
}
