import type { Lang } from '../../contract/api.js';
import type { Database } from '../db/client.js';
import { lineEvents, lines } from '../db/schema.js';
import { notify } from '../notifications/index.js';

export type LineRow = typeof lines.$inferSelect;

export const formatMsisdn = (number: string): string =>
  `${number.slice(0, 3)}-${number.slice(3, 7)}-${number.slice(7)}`;

/**
 * The line an activated order opens, with the customer's `line_active` message, inside the
 * caller's transaction (which also moves the order to active and audits who did it). Shared by
 * staff's activation (a SIM card or an eSIM) and the carrier's eSIM install notice. A number or
 * SIM already taken fails on the unique indexes: the caller's transaction then changes nothing.
 * The line's history starts here: its first event, from 'new' to 'active' (activated).
 */
export async function openLine(
  tx: Database,
  order: { id: number; userId: number; planId: number; planName: Record<Lang, string> },
  msisdn: string,
  iccid: string,
  actor = 'staff',
): Promise<LineRow> {
  const [line] = await tx
    .insert(lines)
    .values({ userId: order.userId, orderId: order.id, planId: order.planId, msisdn, iccid })
    .returning();
  await tx.insert(lineEvents).values({
    lineId: line!.id,
    fromStatus: 'new',
    toStatus: 'active',
    reason: 'activated',
    actor,
    at: line!.activatedAt,
  });
  await notify(tx, {
    userId: order.userId,
    kind: 'line_active',
    ref: `line:${line!.id}`,
    link: '/pages/user/taocan',
    params: { msisdn: formatMsisdn(msisdn) },
    localized: { plan: order.planName },
  });
  return line!;
}
