import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_username_key').on(t.username), uniqueIndex('users_mobile_key').on(t.mobile)],
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

/** Identity documents and signatures; the bytes live encrypted on disk under a random name. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_user_idx').on(t.userId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status').notNull(),
    // Integer yen, fixed when the order is placed: later price changes do not touch it.
    price: integer('price').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    monthlyRent: integer('monthly_rent').notNull(),
    planName: jsonb('plan_name').$type<{ cn: string; ja: string }>().notNull(),
    info: jsonb('info').$type<Record<string, string>>().notNull(),
    signatureId: uuid('signature_id').references(() => documents.id),
    rejectReason: jsonb('reject_reason').$type<{ document: string; reason: string } | null>(),
    trackingNo: text('tracking_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    payBefore: timestamp('pay_before', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('orders_order_no_key').on(t.orderNo), index('orders_user_idx').on(t.userId, t.createdAt), index('orders_status_idx').on(t.status, t.createdAt)],
);

/** Every status change of an order, with who made it: the audit trail. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/** Rich-text pages (terms, privacy policy, SIM rules) in both languages. */
export const pages = pgTable('pages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  titleCn: text('title_cn').notNull(),
  titleJa: text('title_ja').notNull(),
  bodyCn: text('body_cn').notNull(),
  bodyJa: text('body_ja').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One attempt to pay an order or a monthly bill, by one method. Amounts are integer yen. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    paymentNo: text('payment_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    method: text('method').notNull(),
    scene: text('scene').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('JPY'),
    status: text('status').notNull(),
    providerTradeNo: text('provider_trade_no'),
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_payment_no_key').on(t.paymentNo), index('payments_target_idx').on(t.targetType, t.targetId)],
);

/** Each provider notification once: a replay finds its id here and changes nothing. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    notifyId: text('notify_id').notNull(),
    paymentNo: text('payment_no').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_key').on(t.provider, t.notifyId)],
);

/** The sandbox card gateway's tokens and trades, shaped like GMO-PG's. */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  token: text('token').primaryKey(),
  maskedCardNo: text('masked_card_no').notNull(),
  behavior: text('behavior').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Trades held by the sandbox WeChat Pay and Alipay servers, as the real ones keep theirs. */
export const sandboxTrades = pgTable('sandbox_trades', {
  tradeNo: text('trade_no').primaryKey(),
  provider: text('provider').notNull(),
  paymentNo: text('payment_no').notNull(),
  amount: integer('amount').notNull(),
  status: text('status').notNull(),
  returnUrl: text('return_url').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's mobile line, created when staff activate an approved order. */
export const lines = pgTable(
  'lines',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    msisdn: text('msisdn').notNull(),
    iccid: text('iccid').notNull(),
    status: text('status').notNull().default('active'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lines_msisdn_key').on(t.msisdn), uniqueIndex('lines_iccid_key').on(t.iccid), uniqueIndex('lines_order_key').on(t.orderId), index('lines_user_idx').on(t.userId)],
);

/** Data used per line per Tokyo day, in megabytes, as the carrier reports it. */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    megabytes: integer('megabytes').notNull(),
  },
  (t) => [uniqueIndex('usage_line_day_key').on(t.lineId, t.day)],
);

/** A plan change asked for by the customer, effective on the 25th of the following month. */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id, { onDelete: 'cascade' }),
    fromPlanId: integer('from_plan_id').notNull(),
    toPlanId: integer('to_plan_id').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_changes_line_idx').on(t.lineId, t.status)],
);

/** One bill per line per month; amounts in integer yen, tax computed once. */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    billNo: text('bill_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    month: text('month').notNull(),
    items: jsonb('items').$type<{ code: string; planId: number; amount: number }[]>().notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('unpaid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('bills_bill_no_key').on(t.billNo), uniqueIndex('bills_line_month_key').on(t.lineId, t.month), index('bills_user_idx').on(t.userId, t.month)],
);

/** Every staff action: who, when, what. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
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

/** The customer's current personal data and address, which they may change after buying. */
export const customerProfiles = pgTable('customer_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  info: jsonb('info').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Frequently asked questions, grouped by topic, in both languages. */
export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  topic: text('topic').notNull(),
  questionCn: text('question_cn').notNull(),
  answerCn: text('answer_cn').notNull(),
  questionJa: text('question_ja').notNull(),
  answerJa: text('answer_ja').notNull(),
  sort: integer('sort').notNull().default(0),
});
