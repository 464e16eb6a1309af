import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    // Null for an account made by WeChat or Alipay sign-in until the customer links one.
    email: text('email'),
    passwordHash: text('password_hash'),
    mobile: text('mobile'),
    lang: text('lang').notNull().default('cn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_mobile_key').on(t.mobile),
  ],
);

// Tokens are opaque random strings; only their SHA-256 is stored, so a database leak
// does not hand out sessions.
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_tokens_hash_key').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId)],
);

/** A WeChat or Alipay identity (openid / user id) linked to one account. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/** One-time codes sent by e-mail; only a hash of the code is kept. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_codes_lookup_idx').on(t.email, t.purpose, t.createdAt)],
);

/** Failed sign-ins, counted per account and per address to slow down guessing. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_lookup_idx').on(t.scope, t.key, t.at)],
);

/** One-time codes sent by SMS to bind a mobile number; only a hash of the code is kept. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * Every e-mail, SMS and WeChat message, committed with the data that caused it and delivered
 * by a worker (server/jobs/deliver-messages.ts) with retries; the development outbox page
 * reads the same rows. A message that keeps failing stays here as `failed` for staff.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
    // What the message is about: a code ('activation', 'bind', ...) or a notification kind.
    kind: text('kind').notNull().default('code'),
    // pending -> sending -> sent, or failed after the last attempt.
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Which transport took it: outbox (development), smtp, http, wechat.
    transport: text('transport'),
    // A notification is sent once per event and channel, however many workers see the event.
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('outbox_recipient_idx').on(t.recipient, t.createdAt),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('outbox_dedupe_key').on(t.dedupeKey),
  ],
);

/** A customer's choice of channels per notification kind; no row means the channel is on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/**
 * Fixed-window counters for every limit (sign-in failures, code guesses and sends, uploads).
 * Counted with one INSERT .. ON CONFLICT DO UPDATE .. RETURNING, so concurrent requests on
 * any number of server processes each see their own number and at most the limit pass.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    // What is limited, e.g. 'login:pair', 'email:send'; key: the account, address or both.
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    // A second measure for limits on size (bytes uploaded today).
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    // Growing delay: nothing in this bucket and key is allowed before this time.
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] }), index('rate_limits_window_idx').on(t.windowStart)],
);
