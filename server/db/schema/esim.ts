import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { lines } from './line.js';
import { orders } from './orders.js';
import { charges } from './payments.js';

/**
 * eSIM profiles bought from the carrier and imported by staff (issue 30). The activation parts
 * (matching ID, confirmation code) are sealed with the document key (lib/document-crypto.ts):
 * a database dump alone installs nothing. Each is assigned once: the assignment takes the row
 * with FOR UPDATE SKIP LOCKED, and one live profile per order is a unique index.
 */
export const esimProfiles = pgTable(
  'esim_profiles',
  {
    id: serial('id').primaryKey(),
    iccid: text('iccid').notNull(),
    smdpAddress: text('smdp_address').notNull(),
    /** base64 of encrypt(key, matching ID). */
    matchingIdSealed: text('matching_id_sealed').notNull(),
    /** base64 of encrypt(key, confirmation code), or null when the carrier set none. */
    confirmationCodeSealed: text('confirmation_code_sealed'),
    // contract/esim-rules.ts PROFILE_STATUSES.
    status: text('status').notNull().default('available'),
    orderId: integer('order_id').references(() => orders.id),
    /** Set once the order's line exists (activation, or a reissue for a line). */
    lineId: integer('line_id').references(() => lines.id),
    /** The number the carrier bound to the profile when it was reserved (null until then). */
    msisdn: text('msisdn'),
    /** When the carrier reserved it for this subscriber; an assigned profile without it is retried. */
    reservedAt: timestamp('reserved_at', { withTimezone: true }),
    /** What the carrier last said (PROVIDER_PROFILE_STATES) and when. */
    providerState: text('provider_state'),
    providerStateAt: timestamp('provider_state_at', { withTimezone: true }),
    markedInstalledAt: timestamp('marked_installed_at', { withTimezone: true }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    importedBy: text('imported_by').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    installedAt: timestamp('installed_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Released here but not yet confirmed by the carrier: the sweep asks it again. */
    releasePending: integer('release_pending').notNull().default(0),
  },
  (t) => [
    uniqueIndex('esim_profiles_iccid_key').on(t.iccid),
    // One live profile per order, whatever the code does.
    uniqueIndex('esim_profiles_live_order_key')
      .on(t.orderId)
      .where(sql`${t.status} in ('assigned', 'installed')`),
    index('esim_profiles_available_idx')
      .on(t.id)
      .where(sql`${t.status} = 'available'`),
    index('esim_profiles_order_idx').on(t.orderId),
  ],
);

/** A new profile for a line (new phone, deleted profile): paid through a charge unless free. */
export const esimReissues = pgTable(
  'esim_reissues',
  {
    id: serial('id').primaryKey(),
    reissueNo: text('reissue_no').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason').notNull(),
    // contract/esim-rules.ts REISSUE_STATUSES.
    status: text('status').notNull(),
    chargeId: integer('charge_id').references(() => charges.id),
    /** customer:<id> or staff:<login>. */
    requestedBy: text('requested_by').notNull(),
    oldProfileId: integer('old_profile_id'),
    newProfileId: integer('new_profile_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('esim_reissues_no_key').on(t.reissueNo),
    // One open reissue per line.
    uniqueIndex('esim_reissues_open_key')
      .on(t.lineId)
      .where(sql`${t.status} in ('awaiting_payment', 'processing', 'waiting_stock')`),
  ],
);

/** The sandbox carrier's own record of each profile, as its platform would keep it. */
export const sandboxEsimProfiles = pgTable('sandbox_esim_profiles', {
  iccid: text('iccid').primaryKey(),
  /** PROVIDER_PROFILE_STATES. */
  state: text('state').notNull(),
  msisdn: text('msisdn'),
  /** The matching ID the sandbox phone must present (a released profile refuses it). */
  matchingId: text('matching_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The carrier's install notices already applied, by event id: a notice sent twice is applied once. */
export const esimNotices = pgTable('esim_notices', {
  eventId: text('event_id').primaryKey(),
  iccid: text('iccid').notNull(),
  state: text('state').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
