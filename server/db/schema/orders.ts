import type { Lang } from '../../../contract/api.js';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { plans } from './content.js';

/**
 * A document review refused: a reason code from contract/order-status.ts and staff's own note,
 * with the language it is written in (contract/staff-notes.ts; absent on older rows).
 */
export interface OrderRejection {
  document: string;
  reason: string;
  note: string;
  lang?: Lang | undefined;
}

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
    /**
     * Which DOCUMENT_KEY sealed the bytes (lib/document-crypto.ts keyId); null: stored before
     * key ids, or by a server older than them. The rotation job's to-do list, not what a read trusts.
     */
    keyId: text('key_id'),
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
    // The plan's line type when the order was placed ('data' | 'voice'): it decides the identity check.
    lineType: text('line_type').$type<'data' | 'voice'>().notNull().default('data'),
    planName: jsonb('plan_name').$type<{ cn: string; ja: string }>().notNull(),
    info: jsonb('info').$type<Record<string, string>>().notNull(),
    signatureId: uuid('signature_id').references(() => documents.id),
    // Why review refused the order, one entry per document; emptied when it is resubmitted.
    rejections: jsonb('rejections').$type<OrderRejection[]>().notNull().default([]),
    trackingNo: text('tracking_no'),
    // Who carries the SIM (contract/admin-api.ts CARRIERS); null: Japan Post, as before carriers were chosen.
    carrier: text('carrier'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    payBefore: timestamp('pay_before', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
  ],
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
    // The staff console's actions: who (by id) and from where; the command line leaves them empty.
    staffId: integer('staff_id'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_staff_idx').on(t.staffId, t.at)],
);

/**
 * One-time links that carry a signed-in customer from an app where a payment method cannot
 * run (Alipay inside WeChat) to a browser, opening the same order. Only the SHA-256 of the
 * token is kept; a link works once, for 10 minutes.
 */
export const handoffTokens = pgTable(
  'handoff_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderNo: text('order_no'),
    // Where the link lands (contract: 'pay' | 'verify'): the pay page or the identity step.
    next: text('next').notNull().default('pay'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('handoff_tokens_hash_key').on(t.tokenHash), index('handoff_tokens_user_idx').on(t.userId)],
);

/** A signed-in customer's unfinished purchase (plan, form, document ids), so it continues on another device. */
export const purchaseDrafts = pgTable('purchase_drafts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
