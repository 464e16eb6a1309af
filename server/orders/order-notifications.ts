import type { Lang } from '../../contract/api.js';
import { carrierOf, trackingUrl } from '../../contract/carriers.js';
import type { OrderStatus } from '../../contract/order-status.js';
import type { NotificationKind } from '../../contract/notifications.js';
import { rejectionWords } from '../../contract/staff-notes.js';
import type { Database } from '../db/client.js';
import type { orders } from '../db/schema.js';
import { message } from '../lib/messages.js';
import { notify } from '../notifications/index.js';

type OrderRow = typeof orders.$inferSelect;

const KIND_OF: Partial<Record<OrderStatus, NotificationKind>> = {
  approved: 'order_approved',
  rejected: 'order_rejected',
  shipped: 'order_shipped',
  ready_for_pickup: 'order_ready_for_pickup',
};

const both = (make: (lang: Lang) => string): Record<Lang, string> => ({ cn: make('cn'), ja: make('ja') });

/**
 * Each refused document with its reason and staff's note (labelled with its language when it is
 * not the reader's), one per line, in the customer's language.
 */
function rejectionLines(order: OrderRow, lang: Lang): string {
  return order.rejections
    .map((r) => {
      const words = rejectionWords(r, lang, (key, params) => message(lang, key, params));
      return `・${message(lang, `order.document.${r.document}`)}：${words}`;
    })
    .join('\n');
}

/**
 * Tells the customer that their order moved, in the transaction that moved it. `eventId` is
 * the order event: an order rejected twice is told twice, the same move seen twice once.
 */
export async function notifyOrderMoved(db: Database, order: OrderRow, to: OrderStatus, eventId: number) {
  const kind = KIND_OF[to];
  if (!kind) return;
  const tracking = order.trackingNo ?? '';
  await notify(db, {
    userId: order.userId,
    kind,
    ref: `order-event:${eventId}`,
    link: `/pages/process/pay?orderNo=${order.orderNo}`,
    params: { orderNo: order.orderNo, tracking },
    localized: {
      plan: order.planName,
      reasons: both((lang) => rejectionLines(order, lang)),
      carrier: both((lang) => message(lang, `notify.carrier.${carrierOf(order.carrier)}`)),
      trackingLink: both((lang) => trackingUrl(carrierOf(order.carrier), tracking, lang)),
    },
  });
}
