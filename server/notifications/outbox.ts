import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { MailProvider } from './providers/mail-provider.js';
import type { SmsProvider } from './providers/sms-provider.js';
import type { WechatMessenger } from './providers/wechat-messenger.js';

export type OutboxChannel = 'mail' | 'sms' | 'wechat';

export interface QueuedMessage {
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  /** A code ('code') or a notification kind. */
  kind?: string;
  userId?: number | null;
  /** One message per key, ever: the same event seen twice queues nothing the second time. */
  dedupeKey?: string;
}

/** Called with the ids of messages just committed, so a worker can take them at once. */
export type Wake = (ids: number[]) => void;

/** Inserts messages (in the caller's transaction when given one); returns the ids of those new. */
export async function queueMessages(db: Database, messages: QueuedMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(outbox)
    .values(
      messages.map((m) => ({
        channel: m.channel,
        recipient: m.recipient,
        subject: m.subject,
        body: m.body,
        kind: m.kind ?? 'code',
        userId: m.userId ?? null,
        dedupeKey: m.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/**
 * What request handlers send mail through: the message is committed to the outbox and the
 * request returns; a worker delivers it. An SMTP outage no longer fails a registration.
 */
export function queueingMail(db: Database, wake: Wake): MailProvider {
  return {
    kind: 'outbox',
    async send(message) {
      wake(
        await queueMessages(db, [
          { channel: 'mail', recipient: message.to, subject: message.subject, body: message.text },
        ]),
      );
    },
  };
}

export function queueingSms(db: Database, wake: Wake): SmsProvider {
  return {
    kind: 'outbox',
    async send(to, text) {
      wake(await queueMessages(db, [{ channel: 'sms', recipient: to, subject: 'SMS', body: text }]));
    },
  };
}

/** The ways out: SMTP or nothing (development), an SMS gateway or nothing, WeChat or its sandbox. */
export interface Transports {
  mail: MailProvider;
  sms: SmsProvider;
  wechat: WechatMessenger;
}

export interface DeliveryDeps {
  db: Database;
  transports: Transports;
  /** PUBLIC_URL: links in notification bodies are written as {{origin}}/h5/... and completed here. */
  origin: string;
}

// The one retry policy of a delivery. It lives in the outbox row (attempts, next_attempt_at) and
// pg-boss runs each deliver-message job once (server/lib/queue.ts): the row is taken by one
// atomic UPDATE per attempt, so a job retried on top could never add an attempt, only hide one;
// and the sweep sends the job again whenever the row is due, so a failed job loses nothing.
/** Wait before attempt n+1 (minutes): 1, 5, 15, 60. */
export const RETRY_AFTER_MINUTES = [1, 5, 15, 60] as const;
/** Attempts (the first and one after each wait), then the message is kept as failed for staff. */
export const MAX_ATTEMPTS = RETRY_AFTER_MINUTES.length + 1;
// A worker that took a message and died (kill -9) leaves it 'sending'; after this it is due again.
const LEASE_MS = 2 * 60_000;

export const withOrigin = (text: string, origin: string) => text.replaceAll('{{origin}}', origin.replace(/\/+$/, ''));

function transportOf(
  transports: Transports,
  channel: string,
): { name: string; send: (to: string, subject: string, body: string) => Promise<void> } | null {
  if (channel === 'mail')
    return {
      name: transports.mail.kind,
      send: (to, subject, text) => transports.mail.send({ to, subject, text }),
    };
  if (channel === 'sms')
    return { name: transports.sms.kind, send: (to, _subject, text) => transports.sms.send(to, text) };
  if (channel === 'wechat')
    return { name: transports.wechat.kind, send: (to, subject, text) => transports.wechat.send(to, subject, text) };
  return null;
}

export type DeliveryResult = 'sent' | 'retry' | 'failed' | 'skipped';

/**
 * Delivers one message if it is due: the row is taken by one atomic UPDATE (so two workers
 * never both send it), sent, and marked. A failure is due again after RETRY_AFTER_MINUTES, and
 * after MAX_ATTEMPTS kept as failed with its error.
 */
export async function deliverMessage(deps: DeliveryDeps, id: number, now = new Date()): Promise<DeliveryResult> {
  const [taken] = await deps.db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
    })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['pending', 'sending']), lte(outbox.nextAttemptAt, now)))
    .returning();
  if (!taken) return 'skipped';
  const transport = transportOf(deps.transports, taken.channel);
  try {
    if (!transport) throw new Error(`no transport for ${taken.channel}`);
    await transport.send(taken.recipient, taken.subject, withOrigin(taken.body, deps.origin));
  } catch (error) {
    const failed = taken.attempts >= MAX_ATTEMPTS;
    const wait = RETRY_AFTER_MINUTES[Math.min(taken.attempts, RETRY_AFTER_MINUTES.length) - 1]!;
    await deps.db
      .update(outbox)
      .set({
        status: failed ? 'failed' : 'pending',
        nextAttemptAt: new Date(now.getTime() + wait * 60_000),
        // What the provider said, never the message: it may hold a code.
        lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
    return failed ? 'failed' : 'retry';
  }
  await deps.db
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: new Date(),
      transport: transport.name,
      lastError: null,
      // A code that has really left has no reason to stay readable in the database; the
      // development outbox (nothing leaves) keeps it for the developer.
      ...(taken.kind === 'code' && transport.name !== 'outbox' ? { body: '(sent)' } : {}),
    })
    .where(eq(outbox.id, id));
  return 'sent';
}

/** Messages waiting for a first or next attempt, oldest first, with how often each was tried. */
export async function dueMessages(
  db: Database,
  now = new Date(),
  limit = 200,
): Promise<{ id: number; attempts: number }[]> {
  return db
    .select({ id: outbox.id, attempts: outbox.attempts })
    .from(outbox)
    .where(and(inArray(outbox.status, ['pending', 'sending']), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit);
}

export const dueMessageIds = async (db: Database, now = new Date(), limit = 200): Promise<number[]> =>
  (await dueMessages(db, now, limit)).map((m) => m.id);

/** Staff: a failed message is tried again from its first attempt. */
export async function retryFailedMessage(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning({ id: outbox.id });
  return rows.length > 0;
}
