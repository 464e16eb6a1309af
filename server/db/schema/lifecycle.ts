import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { lines } from './line.js';
import { charges } from './payments.js';
import { staff } from './staff.js';

// A line's life after activation (issue 31, docs/lifecycle.md): its state changes, data
// top-ups and the card kept at the gateway for automatic ones, pauses, replacements of a lost
// SIM, cancellations and port-outs. Amounts are integer yen; days are Tokyo dates.

/** Every change of lines.status, with who and why (contract/line-states.ts). Never updated or deleted. */
export const lineEvents = pgTable(
  'line_events',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** contract/line-states.ts LINE_EVENT_REASONS. */
    reason: text('reason').notNull(),
    /** customer:<id>, staff:<login>, scheduler or carrier. */
    actor: text('actor').notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('line_events_line_idx').on(t.lineId, t.at)],
);

/** A data add-on bought for a line (contract/topup-rules.ts), applied once its charge is paid. */
export const topups = pgTable(
  'topups',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    addonId: text('addon_id').notNull(),
    megabytes: integer('megabytes').notNull(),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => charges.id),
    /** awaiting_payment -> applied, or cancelled (withdrawn unpaid) / failed (an automatic charge refused). */
    status: text('status').notNull().default('awaiting_payment'),
    /** customer, auto or staff. */
    source: text('source').notNull(),
    /** For an automatic one: line:month:n, so one import run twice buys once. */
    autoKey: text('auto_key'),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** When the carrier acknowledged the data (addData with key topup:<id>); null: the sweep asks again. */
    carrierAckedAt: timestamp('carrier_acked_at', { withTimezone: true }),
  },
  (t) => [
    index('topups_line_idx').on(t.lineId, t.status),
    uniqueIndex('topups_charge_key').on(t.chargeId),
    uniqueIndex('topups_auto_key').on(t.autoKey),
    // One unpaid top-up per line whatever the application does: a second create answers the first.
    uniqueIndex('topups_one_open_key')
      .on(t.lineId)
      .where(sql`${t.status} = 'awaiting_payment'`),
  ],
);

/** A customer's automatic top-up: off by default; turned off by a failed charge (disabledReason). */
export const autoTopups = pgTable('auto_topups', {
  lineId: integer('line_id')
    .primaryKey()
    .references(() => lines.id),
  enabled: boolean('enabled').notNull().default(false),
  addonId: text('addon_id').notNull(),
  monthlyCap: integer('monthly_cap').notNull(),
  /** Why it was turned off by the server (card_declined, card_removed), shown to the customer. */
  disabledReason: text('disabled_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The customer's card as the gateway keeps it (GMO-PG member and card registration): only the
 * member ID, the card's sequence number and what the gateway shows of it. The card itself
 * never reaches this server.
 */
export const cardsOnFile = pgTable('cards_on_file', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  memberId: text('member_id').notNull(),
  cardSeq: text('card_seq').notNull(),
  /** The gateway's masked number (************1111) and expiry (YYMM), for the customer to recognise it. */
  maskedNumber: text('masked_number').notNull(),
  expiry: text('expiry').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A keep-number pause: from startOn (a 1st) until resumeOn (a 1st), or resumed earlier on request. */
export const linePauses = pgTable(
  'line_pauses',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    resumeOn: date('resume_on', { mode: 'string' }).notNull(),
    /** booked -> running -> done, or cancelled before it started. */
    status: text('status').notNull().default('booked'),
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('line_pauses_open_key')
      .on(t.lineId)
      .where(sql`${t.status} in ('booked', 'running')`),
  ],
);

/** A new SIM or eSIM for a line whose SIM was lost or stolen; the number stays. */
export const simReplacements = pgTable(
  'sim_replacements',
  {
    id: serial('id').primaryKey(),
    replacementNo: text('replacement_no').notNull(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    /** contract/lifecycle-rules.ts REPLACEMENT_KINDS. */
    kind: text('kind').notNull(),
    /** awaiting_payment -> preparing -> shipped / ready_for_pickup -> done, or cancelled. */
    status: text('status').notNull(),
    chargeId: integer('charge_id').references(() => charges.id),
    /** The eSIM reissue doing the work for kind esim. */
    esimReissueId: integer('esim_reissue_id'),
    oldIccid: text('old_iccid').notNull(),
    newIccid: text('new_iccid'),
    trackingNo: text('tracking_no'),
    /** Where a posted SIM goes (the customer's address when asked). */
    address: jsonb('address').$type<Record<string, string>>(),
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sim_replacements_no_key').on(t.replacementNo),
    uniqueIndex('sim_replacements_open_key')
      .on(t.lineId)
      .where(sql`${t.status} in ('awaiting_payment', 'preparing', 'shipped', 'ready_for_pickup')`),
  ],
);

/** A booked cancellation (leaving Japan): the line ends after lastDay; the final bill is its charge. */
export const lineCancellations = pgTable(
  'line_cancellations',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    requestedOn: date('requested_on', { mode: 'string' }).notNull(),
    /** contract/lifecycle-rules.ts cancellationTerms: rent owed through this month (YYYY-MM). */
    billedThrough: text('billed_through').notNull(),
    rule: text('rule').notNull(),
    /** The state the line was in when booked: a withdrawal returns it there. */
    fromStatus: text('from_status').notNull(),
    /** booked -> done, or withdrawn. */
    status: text('status').notNull().default('booked'),
    /** The final bill: rent not yet billed, bills still unpaid, fees; null when nothing is owed. */
    chargeId: integer('charge_id').references(() => charges.id),
    /** A posted SIM to send back (the contract says so for physical SIMs). */
    simReturn: boolean('sim_return').notNull().default(false),
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('line_cancellations_open_key')
      .on(t.lineId)
      .where(sql`${t.status} = 'booked'`),
  ],
);

/** Taking the number to another carrier (MNP): asked by the customer, the reservation number issued by staff. */
export const portOuts = pgTable(
  'port_outs',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => lines.id),
    /** requested -> issued -> completed, or cancelled / expired. */
    status: text('status').notNull().default('requested'),
    reservationNo: text('reservation_no'),
    validUntil: date('valid_until', { mode: 'string' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: integer('issued_by').references(() => staff.id),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('port_outs_open_key')
      .on(t.lineId)
      .where(sql`${t.status} in ('requested', 'issued')`),
  ],
);

/**
 * Requests to the carrier's line platform (suspend, resume, SIM swap, end, MNP reservation,
 * speed), one row per idempotency key: what was asked, when it was acknowledged. The sandbox
 * keeps its own state here too, so every server process sees the same carrier.
 */
export const carrierRequests = pgTable(
  'carrier_requests',
  {
    id: serial('id').primaryKey(),
    requestKey: text('request_key').notNull(),
    operation: text('operation').notNull(),
    iccid: text('iccid'),
    msisdn: text('msisdn'),
    /** What the platform answered (a reservation number, its expiry). */
    result: jsonb('result').$type<Record<string, string>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('carrier_requests_key').on(t.requestKey), index('carrier_requests_iccid_idx').on(t.iccid)],
);
