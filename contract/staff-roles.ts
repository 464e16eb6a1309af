/**
 * Staff roles and what each may do. The server checks the permission on every call of the
 * staff API; the console only hides what a role cannot use.
 */
export const STAFF_ROLES = ['reviewer', 'fulfilment', 'support', 'finance', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

export const PERMISSIONS = {
  /** The review queue and approving or rejecting orders. */
  review: ['reviewer'],
  /** Opening identity documents (each look is audited). */
  documents: ['reviewer'],
  /** Shipping, pickup and activating lines. */
  fulfil: ['fulfilment'],
  /** Orders as a list and a page (no documents). */
  orders: ['reviewer', 'fulfilment', 'support', 'finance'],
  /** Customers, their line and messages; resending activation; changing an address with proof. */
  customers: ['support'],
  /** Payments, refunds, bills, the bill run, usage import. */
  money: ['finance'],
  /** Staff accounts and the whole audit trail. */
  staff: [],
  audit: [],
  /** Everyone sees what they did themselves on the audit page. */
  ownAudit: ['reviewer', 'fulfilment', 'support', 'finance'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Permission = keyof typeof PERMISSIONS;

/** An admin may do everything; everyone else what their role lists. */
export function allows(role: StaffRole, permission: Permission): boolean {
  return role === 'admin' || (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** Where a staff member's sign-in stands. */
export const STAFF_STAGES = ['password', 'totp-setup', 'password-change', 'active'] as const;
export type StaffStage = (typeof STAFF_STAGES)[number];

/** Idle and absolute limits of a staff session; a half-finished sign-in lasts 10 minutes. */
export const STAFF_IDLE_MS = 30 * 60_000;
export const STAFF_ABSOLUTE_MS = 12 * 3_600_000;
export const STAFF_SIGN_IN_MS = 10 * 60_000;
