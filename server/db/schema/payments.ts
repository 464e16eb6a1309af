import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    // Set when a newer attempt (or expiry) closed this one, with the provider too.
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // Reconciliation: when a worker next asks the provider about a pending attempt, and how often it has.
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checks: integer('checks').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_payment_no_key').on(t.paymentNo),
    index('payments_target_idx').on(t.targetType, t.targetId),
    index('payments_next_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'pending'`),
    // One open attempt per order or bill, whatever the application does: the database refuses a second.
    uniqueIndex('payments_one_pending_key')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'pending'`),
  ],
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

/**
 * Money sent back to a customer: a success that arrived for a closed or surplus attempt (one
 * row per such payment, in full), or a full or partial refund staff made in the console (any
 * number, never more in all than the payment). The worker (or the next status look) pushes it
 * to the provider.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    refundNo: text('refund_no').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    // 'duplicate' (a second success for one order or bill), 'closed' (paid after it was closed),
    // or 'staff' (made in the console; `note` says why and `staffId` who).
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id'),
    // pending -> refunded, or failed (staff look at it: ops payments --attention).
    status: text('status').notNull(),
    providerRefundNo: text('provider_refund_no'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_refund_no_key').on(t.refundNo),
    // One automatic refund per surplus payment, whatever the code does; staff refunds are capped in their transaction.
    uniqueIndex('refunds_surplus_payment_key')
      .on(t.paymentId)
      .where(sql`${t.reason} in ('duplicate', 'closed')`),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A one-off charge a customer pays outside an order or a monthly bill: an eSIM reissue fee now
 * (issue 30); top-ups, replacement SIMs and final bills later. Paid through the payment machinery
 * (target type 'charge'); what it pays for is done by its own domain once `status` is paid.
 */
export const charges = pgTable(
  'charges',
  {
    id: serial('id').primaryKey(),
    chargeNo: text('charge_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** What it is for (server/billing/charges.ts ChargeKind). */
    kind: text('kind').notNull(),
    /** The line it is for, when it is for one (a top-up, a replacement SIM, a final bill). */
    lineId: integer('line_id'),
    /** What it is made of, for the receipt and the final bill (null: one item, its kind). */
    items: jsonb('items').$type<{ code: string; month?: string; billNo?: string; amount: number }[]>(),
    /** Yen excluding tax, its tax, and what is paid (contract/pricing.ts). */
    amount: integer('amount').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    /** unpaid -> paid, or cancelled. */
    status: text('status').notNull().default('unpaid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('charges_charge_no_key').on(t.chargeNo), index('charges_user_idx').on(t.userId)],
);
