import { LINE_STATES } from './line-states';
import { NOTIFICATION_KINDS } from './notifications';

// Values the database keeps as plain text and the staff console shows in words (locales
// admin.billStatus, admin.lineStatus, admin.messageKind, admin.messageStatus). Listed once here so
// the console's words and its tests follow the server's values, not a copy typed by hand.

/** payments.status (a refund is its own row: see REFUND_STATUSES). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'closed'] as const;
/** refunds.status: failed ones used their tries and wait for staff. */
export const REFUND_STATUSES = ['pending', 'refunded', 'failed'] as const;

/** bills.status: unpaid until a payment settles it (services/payment-settlement.ts). */
export const BILL_STATUSES = ['unpaid', 'paid'] as const;

/** lines.status: the line's state machine (contract/line-states.ts). */
export const LINE_STATUSES = LINE_STATES;

/** outbox.status: pending -> sending -> sent, or failed after the last attempt. */
export const MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/** outbox.kind: `code` for a one-time code (activation, reset, binding), else a notification kind. */
export const MESSAGE_KINDS = ['code', ...NOTIFICATION_KINDS] as const;

/** outbox.channel (server/notifications/outbox.ts OutboxChannel). */
export const MESSAGE_CHANNELS = ['mail', 'sms', 'wechat'] as const;

/** An automatic refund's reason (server/payments/refunds.ts SURPLUS_REASONS); staff refunds carry their own words. */
export const AUTOMATIC_REFUND_REASONS = ['duplicate', 'closed'] as const;
