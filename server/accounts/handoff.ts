import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { UserInfo } from '../../contract/api.js';
import { HANDOFF_NEXT, type HandoffNext } from '../../contract/handoff-rules.js';
import type { Database } from '../db/client.js';
import { esimProfiles, handoffTokens, orders, users } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { toUserInfo } from './accounts.js';
import { takeAll, type Limit } from '../lib/rate-limits.js';
import { hashToken, issueToken } from '../lib/sessions.js';

const isHandoffNext = (value: string): value is HandoffNext => (HANDOFF_NEXT as readonly string[]).includes(value);

export const HANDOFF_TTL_MS = 10 * 60 * 1000;
// A customer making links again and again is not paying; a few an hour is plenty.
const HANDOFF_PER_USER: Limit = { bucket: 'handoff:user', limit: 10, windowMs: 3_600_000 };

/**
 * Whether the order's eSIM can be installed now (the install page is worth opening in the phone's
 * browser): esim_ready, or an active line whose new profile (a reissue) is not yet installed.
 */
async function esimInstallable(db: Database, order: { id: number; status: string; info: Record<string, string> }) {
  if (order.info.delivery !== 'esim' || (order.status !== 'esim_ready' && order.status !== 'active')) return false;
  const [profile] = await db
    .select({ id: esimProfiles.id })
    .from(esimProfiles)
    .where(
      and(eq(esimProfiles.orderId, order.id), eq(esimProfiles.status, 'assigned'), isNotNull(esimProfiles.reservedAt)),
    )
    .limit(1);
  return !!profile;
}

/**
 * A one-time link that signs this customer in on another app or device and opens the payment
 * of this order (or of the monthly bill, without one). Only the token's hash is stored.
 */
export async function createHandoff(
  db: Database,
  userId: number,
  orderNo: string,
  now = new Date(),
  next: HandoffNext = 'pay',
): Promise<{ path: string; expiresAt: string }> {
  // The identity step belongs to an order: a link to it names one.
  if ((next === 'verify' || next === 'esim') && !orderNo) throw new ApiError('REQUIRED', 200, { orderNo: 'REQUIRED' });
  if (orderNo) {
    const [order] = await db
      .select({ id: orders.id, status: orders.status, info: orders.info })
      .from(orders)
      .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
      .limit(1);
    if (!order) throw new NotFoundError();
    if (next === 'esim') {
      if (!(await esimInstallable(db, order))) throw new ApiError('ESIM_NOT_READY');
    } else if (order.status !== 'awaiting_payment') throw new ApiError('ORDER_NOT_PAYABLE');
  }
  await takeAll(db, [[HANDOFF_PER_USER, String(userId)]], { key: 'RATE_LIMITED' }, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + HANDOFF_TTL_MS);
  await db
    .insert(handoffTokens)
    .values({ tokenHash: hashToken(token), userId, orderNo: orderNo || null, next, createdAt: now, expiresAt });
  // A path: the app puts it on the address the customer is on, the one the link must open.
  return { path: `/h5/pages/public/continue?t=${token}`, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses a link once: whoever comes first gets a session, everyone after (or after 10 minutes)
 * gets one and the same refusal. The single UPDATE is what makes it once, in any process; the
 * session is made in the same transaction, so a logout or new password ending the account's
 * links (endHandoffs) either refuses it or waits for its session and revokes that too.
 */
export async function redeemHandoff(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ userinfo: UserInfo; orderNo: string | null; next: HandoffNext }> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(handoffTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(handoffTokens.tokenHash, hashToken(token)),
          isNull(handoffTokens.usedAt),
          gt(handoffTokens.expiresAt, now),
        ),
      )
      .returning({ userId: handoffTokens.userId, orderNo: handoffTokens.orderNo, next: handoffTokens.next });
    if (!used) throw new ApiError('HANDOFF_INVALID');
    const [user] = await tx.select().from(users).where(eq(users.id, used.userId)).limit(1);
    if (!user) throw new ApiError('HANDOFF_INVALID');
    return {
      userinfo: toUserInfo(user, await issueToken(tx, user.id, now)),
      orderNo: used.orderNo,
      next: isHandoffNext(used.next) ? used.next : 'pay',
    };
  });
}
