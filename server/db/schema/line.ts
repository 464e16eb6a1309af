import { date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { plans } from './content.js';
import { orders } from './orders.js';

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
    // When the contract ended (null while it runs): identity records are kept a set time after.
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lines_msisdn_key').on(t.msisdn),
    uniqueIndex('lines_iccid_key').on(t.iccid),
    uniqueIndex('lines_order_key').on(t.orderId),
    index('lines_user_idx').on(t.userId),
  ],
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
  (t) => [
    uniqueIndex('bills_bill_no_key').on(t.billNo),
    uniqueIndex('bills_line_month_key').on(t.lineId, t.month),
    index('bills_user_idx').on(t.userId, t.month),
  ],
);

/** The customer's current personal data and address, which they may change after buying. */
export const customerProfiles = pgTable('customer_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  info: jsonb('info').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
