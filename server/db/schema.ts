import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Content shown to customers is stored in both display languages side by side, so a
// language switch is a different column, never a second row that can drift.

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  titleCn: text('title_cn').notNull(),
  titleJa: text('title_ja').notNull(),
  subtitleCn: text('subtitle_cn').notNull().default(''),
  subtitleJa: text('subtitle_ja').notNull().default(''),
  image: text('image').notNull(),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameCn: text('name_cn').notNull(),
  nameJa: text('name_ja').notNull(),
  descriptionCn: text('description_cn').notNull().default(''),
  descriptionJa: text('description_ja').notNull().default(''),
  dataGb: integer('data_gb').notNull(),
  throttledKbps: integer('throttled_kbps').notNull(),
  // Integer yen, excluding the 10 % consumption tax (contract/pricing.ts adds it).
  originalPrice: integer('original_price').notNull(),
  activityPrice: integer('activity_price').notNull(),
  monthlyRent: integer('monthly_rent').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  nameCn: text('name_cn').notNull(),
  nameJa: text('name_ja').notNull(),
  addressCn: text('address_cn').notNull(),
  addressJa: text('address_ja').notNull(),
  hoursCn: text('hours_cn').notNull(),
  hoursJa: text('hours_ja').notNull(),
  phone: text('phone').notNull().default(''),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

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
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_username_key').on(t.username)],
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
  (t) => [uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject), index('user_identities_user_idx').on(t.userId)],
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

/** Mail and SMS that the development outbox shows instead of sending. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/** Codes the sandbox WeChat and Alipay sign-in pages hand out, as the real ones would. */
export const sandboxOauthCodes = pgTable('sandbox_oauth_codes', {
  code: text('code').primaryKey(),
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  nickname: text('nickname').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
