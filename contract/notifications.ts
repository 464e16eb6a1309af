/**
 * What a customer is told about, and how. Shared by the server, which sends, and the app's
 * notification settings page, which lets the customer choose channels per kind.
 */
export const NOTIFICATION_KINDS = [
  'order_approved',
  'order_rejected',
  'order_shipped',
  'order_ready_for_pickup',
  'line_active',
  'bill_issued',
  'bill_due',
  'bill_overdue',
  'data_80',
  'data_100',
  'plan_change_booked',
  'plan_change_applied',
  'identity_verified',
  'identity_failed',
  // eSIM (issue 30): the bodies say only that it is ready, with a link; never the activation code.
  'esim_ready',
  'esim_installed',
  'esim_reissued',
  // The line's life (issue 31). Where a body needs words (pause_soon's change, the replacement's
  // way, line_ending's unpaid note), the sender passes them per language (notify's `localized`).
  'topup_applied',
  'auto_topup_off',
  'pause_booked',
  'pause_soon',
  'line_paused',
  'line_resumed',
  'line_lost',
  'sim_replacement_sent',
  'sim_replaced',
  'cancellation_booked',
  'cancellation_withdrawn',
  'line_ending',
  'line_ended',
  'port_out_issued',
  'line_ported',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'wechat'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Bills cannot be turned off (nor can security messages: codes, which are not in this list). */
export const LOCKED_NOTIFICATION_KINDS: readonly NotificationKind[] = ['bill_issued', 'bill_due', 'bill_overdue'];

export const isNotificationKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);
