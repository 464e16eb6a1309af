import { and, eq } from 'drizzle-orm';
import type { NotificationSettingsView } from '../../contract/api.js';
import type { NotificationChoice } from '../../contract/notification-rules.js';
import {
  LOCKED_NOTIFICATION_KINDS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '../../contract/notifications.js';
import type { Database } from '../db/client.js';
import { notificationPreferences, userIdentities, users } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';

// A customer's choice of channels per notification kind. No row means on: a new kind or a
// newly bound channel reaches the customer until they turn it off. Bills (and codes, which are
// not notification kinds) always go out, whatever a row says.

const isLocked = (kind: NotificationKind) => LOCKED_NOTIFICATION_KINDS.includes(kind);

type Choices = Map<string, boolean>;
const keyOf = (kind: string, channel: string) => `${kind}:${channel}`;

async function choicesOf(db: Database, userId: number, kind?: NotificationKind): Promise<Choices> {
  const rows = await db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(
      kind
        ? and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind))
        : eq(notificationPreferences.userId, userId),
    );
  return new Map(rows.map((row) => [keyOf(row.kind, row.channel), row.enabled]));
}

const effective = (choices: Choices, kind: NotificationKind, channel: NotificationChannel) =>
  isLocked(kind) || (choices.get(keyOf(kind, channel)) ?? true);

/**
 * The channels a notification of `kind` goes out on for this customer, by their choice alone:
 * whether they have an e-mail, a mobile or a WeChat identity is the sender's to check.
 */
export async function enabledChannels(
  db: Database,
  userId: number,
  kind: NotificationKind,
): Promise<Set<NotificationChannel>> {
  if (isLocked(kind)) return new Set(NOTIFICATION_CHANNELS);
  const choices = await choicesOf(db, userId, kind);
  return new Set(NOTIFICATION_CHANNELS.filter((channel) => effective(choices, kind, channel)));
}

/** Which channels can reach the customer: an e-mail on the account, a bound mobile, a linked WeChat. */
async function channelsOf(db: Database, userId: number): Promise<NotificationSettingsView['channels']> {
  const [user] = await db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new NotFoundError();
  // The WeChat sign-in identity, the one the sender (services/notifications.ts) writes to; an
  // openid learned only for paying (`wechat-payer:<app>`) is not a channel.
  const [wechat] = await db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, 'wechat')))
    .limit(1);
  return { email: Boolean(user.email), sms: Boolean(user.mobile), wechat: Boolean(wechat) };
}

export async function notificationSettings(db: Database, userId: number): Promise<NotificationSettingsView> {
  const [channels, choices] = await Promise.all([channelsOf(db, userId), choicesOf(db, userId)]);
  return {
    channels,
    kinds: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      locked: isLocked(kind),
      email: effective(choices, kind, 'email'),
      sms: effective(choices, kind, 'sms'),
      wechat: effective(choices, kind, 'wechat'),
    })),
  };
}

/** Turns one channel of one kind on or off; bills cannot be turned off (nor on: they are). */
export async function chooseNotification(
  db: Database,
  userId: number,
  choice: NotificationChoice,
  now = new Date(),
): Promise<NotificationSettingsView> {
  if (isLocked(choice.kind)) throw new ApiError('NOTIFICATION_LOCKED', 200, { kind: 'NOTIFICATION_LOCKED' });
  await db
    .insert(notificationPreferences)
    .values({ userId, kind: choice.kind, channel: choice.channel, enabled: choice.enabled, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
      set: { enabled: choice.enabled, updatedAt: now },
    });
  return notificationSettings(db, userId);
}
