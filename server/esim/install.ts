import { and, desc, eq, inArray } from 'drizzle-orm';
import type { EsimOrderView } from '../../contract/esim-views.js';
import type { Database } from '../db/client.js';
import { auditLog, esimNotices, esimProfiles, lines, orders } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { openLine } from '../line/index.js';
import { notify } from '../notifications/index.js';
import { transitionOrder } from '../orders/index.js';
import { isEsimOrder, orderPage } from './delivery.js';
import type { EsimNotice } from './providers/esim-provider.js';
import { activationOf, type EsimDeps, type ProfileRow } from './profiles.js';

// The customer's side of an eSIM: the order page's install state (the activation code only to
// the owner, only while installable), "I installed it", and the carrier's install notices,
// which open the line (or, after a reissue, move the line to the new profile).

type OrderRow = typeof orders.$inferSelect;

/** Every profile the order held, newest first. */
export async function profilesOf(db: Database, orderId: number): Promise<ProfileRow[]> {
  return db
    .select()
    .from(esimProfiles)
    .where(eq(esimProfiles.orderId, orderId))
    .orderBy(desc(esimProfiles.assignedAt), desc(esimProfiles.id));
}

async function ownOrder(db: Database, userId: number, orderNo: string): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
    .limit(1);
  // Someone else's order is no different from one that does not exist.
  if (!order) throw new NotFoundError();
  return order;
}

const ENDED = ['cancelled', 'expired', 'refunded'];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The install page's state (contract/esim-views.ts esimOrderViewSchema). */
export function viewOf(deps: Pick<EsimDeps, 'key'>, order: OrderRow, profiles: ProfileRow[]): EsimOrderView {
  const live = profiles.find((p) => p.status === 'assigned' || p.status === 'installed') ?? null;
  const reissued = profiles.some((p) => p.status === 'released');
  const base = {
    orderNo: order.orderNo,
    waitingStock: false,
    activation: null,
    iccidLast4: live ? live.iccid.slice(-4) : null,
    markedInstalledAt: iso(live?.markedInstalledAt ?? null),
    installedAt: iso(live?.installedAt ?? null),
    reissued,
  };
  if (!isEsimOrder(order) || ENDED.includes(order.status)) return { ...base, state: 'none', iccidLast4: null };
  if (live?.status === 'installed') return { ...base, state: 'installed' };
  const installable =
    live?.status === 'assigned' && live.reservedAt && (order.status === 'esim_ready' || order.status === 'active');
  if (installable) return { ...base, state: 'ready', activation: activationOf(deps, live) };
  // An active line between a released profile and its replacement waits like a new order.
  if (order.status === 'active') return { ...base, state: reissued && !live ? 'preparing' : 'installed' };
  return { ...base, state: 'preparing', waitingStock: order.status === 'approved' && !live };
}

export async function esimOrderView(deps: EsimDeps, userId: number, orderNo: string): Promise<EsimOrderView> {
  const order = await ownOrder(deps.db, userId, orderNo);
  return viewOf(deps, order, await profilesOf(deps.db, order.id));
}

/**
 * The customer says the profile is installed. The carrier is asked: when it saw the install the
 * line opens now; otherwise the claim is recorded for staff (who activate after checking).
 */
export async function markInstalled(deps: EsimDeps, userId: number, orderNo: string): Promise<EsimOrderView> {
  const order = await ownOrder(deps.db, userId, orderNo);
  const profiles = await profilesOf(deps.db, order.id);
  const view = viewOf(deps, order, profiles);
  if (view.state === 'installed') return view;
  const live = profiles.find((p) => p.status === 'assigned');
  if (view.state !== 'ready' || !live) throw new ApiError('ESIM_NOT_READY');
  const state = await deps.provider.status(live.iccid).catch(() => null);
  if (state === 'installed') await completeInstall(deps, live.id, `customer:${userId}`);
  else
    await deps.db
      .update(esimProfiles)
      .set({ markedInstalledAt: new Date() })
      .where(and(eq(esimProfiles.id, live.id), eq(esimProfiles.status, 'assigned')));
  return esimOrderView(deps, userId, orderNo);
}

/**
 * The profile is on the phone: it becomes installed and, for an esim_ready order, the line opens
 * with the reserved number and the profile's ICCID (order active, `line_active`); for a line's
 * reissue the line moves to the new ICCID. `esim_installed` either way. Idempotent.
 */
export async function completeInstall(deps: EsimDeps, profileId: number, actor: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [profile] = await tx.select().from(esimProfiles).where(eq(esimProfiles.id, profileId)).for('update');
    if (profile?.status !== 'assigned' || !profile.orderId) return;
    const [order] = await tx.select().from(orders).where(eq(orders.id, profile.orderId)).limit(1);
    if (!order) return;
    let lineId = profile.lineId;
    if (order.status === 'esim_ready') {
      if (!profile.msisdn) return;
      await transitionOrder(tx, order.id, 'active', actor, `line ${profile.msisdn}`);
      const line = await openLine(tx, order, profile.msisdn, profile.iccid, actor);
      lineId = line.id;
      await tx.insert(auditLog).values({
        actor,
        action: 'create-line',
        target: profile.msisdn,
        detail: { orderNo: order.orderNo, iccid: profile.iccid },
      });
    } else if (order.status === 'active') {
      const [line] = await tx.select({ id: lines.id }).from(lines).where(eq(lines.orderId, order.id)).limit(1);
      if (!line) return;
      lineId = line.id;
      await tx.update(lines).set({ iccid: profile.iccid }).where(eq(lines.id, line.id));
      await tx.insert(auditLog).values({
        actor,
        action: 'esim-line-moved',
        target: order.orderNo,
        detail: { iccid: profile.iccid },
      });
    } else return;
    const now = new Date();
    await tx
      .update(esimProfiles)
      .set({ status: 'installed', installedAt: now, lineId, providerState: 'installed', providerStateAt: now })
      .where(eq(esimProfiles.id, profile.id));
    await notify(tx, {
      userId: order.userId,
      kind: 'esim_installed',
      ref: `esim-installed:${profile.iccid}`,
      link: orderPage(order.orderNo),
      params: { orderNo: order.orderNo },
      localized: { plan: order.planName },
    });
  });
  deps.log.info({ profileId }, 'esim profile installed');
}

export type NoticeOutcome = 'applied' | 'duplicate' | 'stale' | 'unknown';

/**
 * One signed notice from the carrier. The same event twice is applied once (esim_notices);
 * a notice older than what is already known is recorded but changes nothing (late delivery).
 */
export async function applyNotice(deps: EsimDeps, notice: EsimNotice): Promise<NoticeOutcome> {
  const [fresh] = await deps.db
    .insert(esimNotices)
    .values({ eventId: notice.eventId, iccid: notice.iccid, state: notice.state, occurredAt: notice.at })
    .onConflictDoNothing()
    .returning({ eventId: esimNotices.eventId });
  if (!fresh) return 'duplicate';
  const [profile] = await deps.db.select().from(esimProfiles).where(eq(esimProfiles.iccid, notice.iccid)).limit(1);
  if (!profile) return 'unknown';
  if (profile.providerStateAt && profile.providerStateAt > notice.at) return 'stale';
  await deps.db
    .update(esimProfiles)
    .set({ providerState: notice.state, providerStateAt: notice.at })
    .where(eq(esimProfiles.id, profile.id));
  if (notice.state === 'installed') await completeInstall(deps, profile.id, 'carrier');
  return 'applied';
}

/**
 * Staff's activation of an eSIM order (server/staff activateOrder), in its transaction: the
 * ICCID must be the order's assigned profile, and the number the one the carrier bound to it
 * (another would open a line the carrier does not know); the profile then counts as installed.
 * Answers what does not match, or null.
 */
export async function esimActivation(
  tx: Database,
  orderId: number,
  iccid: string,
  msisdn: string,
  lineId: number | null,
): Promise<'iccid' | 'msisdn' | null> {
  const [live] = await tx
    .select()
    .from(esimProfiles)
    .where(and(eq(esimProfiles.orderId, orderId), inArray(esimProfiles.status, ['assigned', 'installed'])))
    .for('update');
  if (!live || live.iccid !== iccid) return 'iccid';
  if (live.msisdn && live.msisdn !== msisdn) return 'msisdn';
  if (lineId !== null) {
    const now = new Date();
    await tx
      .update(esimProfiles)
      .set({ status: 'installed', installedAt: now, lineId })
      .where(eq(esimProfiles.id, live.id));
  }
  return null;
}
