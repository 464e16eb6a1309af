import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './notifications';

// Requests of the notification settings page. A kind or channel outside the lists is the
// app's mistake, not the customer's: the usual refusal naming the field (BAD_REQUEST).

/** A form sends `true`/`false` as text; JSON may send a boolean. */
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
  error: 'BAD_REQUEST',
});

/** POST /api/user/notification_settings: turn one channel of one kind on or off. */
export const notificationChoiceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS, { error: 'BAD_REQUEST' }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: 'BAD_REQUEST' }),
  enabled: flag,
});
export type NotificationChoice = z.infer<typeof notificationChoiceSchema>;
