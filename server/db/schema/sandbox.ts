import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Codes the sandbox WeChat and Alipay sign-in pages hand out, as the real ones would. */
export const sandboxOauthCodes = pgTable('sandbox_oauth_codes', {
  code: text('code').primaryKey(),
  provider: text('provider').notNull(),
  subject: text('subject').notNull(),
  nickname: text('nickname').notNull(),
  /** WeChat's snsapi_base gives the openid without asking; snsapi_userinfo asked for consent. */
  scope: text('scope').notNull().default('userinfo'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The sandbox card gateway's tokens and trades, shaped like GMO-PG's. */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  token: text('token').primaryKey(),
  maskedCardNo: text('masked_card_no').notNull(),
  behavior: text('behavior').notNull(),
  /** The card's expiry as the token form sent it (YYMM), kept for card registration (SaveCard). */
  cardExpiry: text('card_expiry').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Trades held by the sandbox card, WeChat Pay and Alipay servers, as the real ones keep theirs. */
export const sandboxTrades = pgTable(
  'sandbox_trades',
  {
    tradeNo: text('trade_no').primaryKey(),
    provider: text('provider').notNull(),
    paymentNo: text('payment_no').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    returnUrl: text('return_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One trade per payment (OrderID, out_trade_no), as each real gateway keeps: a create and a
  // close racing for the same payment meet on this key instead of leaving two rows.
  (t) => [uniqueIndex('sandbox_trades_payment_key').on(t.provider, t.paymentNo)],
);

/** Refunds the sandbox providers' servers took, one per refund number (out_refund_no / out_request_no). */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  refundNo: text('refund_no').primaryKey(),
  tradeNo: text('trade_no').notNull(),
  amount: integer('amount').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cards the sandbox gateway keeps for the shop's members (GMO-PG SaveMember and SaveCard): what
 * the sandbox charges when a member's card is charged (MemberID and CardSeq), never a number.
 */
export const sandboxCardMembers = pgTable(
  'sandbox_card_members',
  {
    id: serial('id').primaryKey(),
    memberId: text('member_id').notNull(),
    cardSeq: text('card_seq').notNull(),
    maskedCardNo: text('masked_card_no').notNull(),
    cardExpiry: text('card_expiry').notNull(),
    behavior: text('behavior').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_card_members_key').on(t.memberId, t.cardSeq)],
);
