import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { orders } from './orders.js';

/**
 * Identity verifications of an order (contract/identity-rules.ts): an eKYC provider's IC chip
 * or JPKI check, or staff's face-to-face chip check at the counter. Only the document
 * number's last 4 characters are kept.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: serial('id').primaryKey(),
    verificationNo: text('verification_no').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    status: text('status').notNull(),
    verifiedName: text('verified_name'),
    verifiedBirthday: text('verified_birthday'),
    verifiedPostcode: text('verified_postcode'),
    verifiedAddress: text('verified_address'),
    documentType: text('document_type'),
    documentLast4: text('document_last4'),
    documentExpiry: text('document_expiry'),
    matched: jsonb('matched').$type<Record<string, boolean>>().notNull().default({}),
    mismatched: jsonb('mismatched').$type<string[]>().notNull().default([]),
    checkedBy: text('checked_by'),
    /** When the provider says the outcome happened: an older event never overwrites a later one. */
    providerAt: timestamp('provider_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identity_verifications_no_key').on(t.verificationNo),
    uniqueIndex('identity_verifications_ref_key').on(t.provider, t.providerRef),
    index('identity_verifications_order_idx').on(t.orderId, t.createdAt),
  ],
);

/** Webhook events already processed, by the provider's event id: a repeat changes nothing. */
export const identityWebhookEvents = pgTable(
  'identity_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_webhook_events_key').on(t.provider, t.eventId)],
);
