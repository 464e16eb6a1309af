import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * People who work in the staff console (/admin/). Created by `npm run ops -- staff add` with
 * a one-time password; each sets up a TOTP second factor and a password of their own at the
 * first sign-in. The TOTP secret is kept encrypted with the document key.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    // The password is the one-time password staff were given: it must be replaced.
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    // The last TOTP time step accepted: a code is good once (replay protection).
    totpLastStep: integer('totp_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_login_key').on(t.login)],
);

/**
 * A staff member's session: only a hash of the cookie's token and of the CSRF token is kept.
 * `stage` is how far sign-in got: password (a second factor is due), totp-setup (the first
 * factor was a one-time password and no TOTP is set up), password-change, active.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    stage: text('stage').notNull(),
    csrfHash: text('csrf_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);
