import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

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
