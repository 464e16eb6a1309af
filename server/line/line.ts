import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Lang } from '../../contract/api.js';
import { tokyoDate } from '../../contract/calendar.js';
import { daysUntil, nextUsageReset, planChangeEffectiveDate } from '../../contract/line-rules.js';
import { withTax } from '../../contract/pricing.js';
import { canChangePlan } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { bills, lines, planChanges, plans, usageRecords } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { notify } from '../notifications/index.js';
import { addonMegabytes, percentOf } from './quota.js';
import type { SessionUser } from '../lib/sessions.js';

type Plan = typeof plans.$inferSelect;
const planName = (plan: Plan, lang: Lang) => (lang === 'ja' ? plan.nameJa : plan.nameCn);

/** The customer's line; "The number record was not found" when there is none yet. */
export async function activeLine(db: Database, userId: number) {
  const [row] = await db
    .select({ line: lines, plan: plans })
    .from(lines)
    .innerJoin(plans, eq(plans.id, lines.planId))
    .where(eq(lines.userId, userId))
    .orderBy(desc(lines.activatedAt))
    .limit(1);
  if (!row) throw new ApiError('NO_LINE');
  return row;
}

export async function packageView(db: Database, userId: number, lang: Lang, now = new Date()) {
  const { line, plan } = await activeLine(db, userId);
  const today = tokyoDate(now);
  const [pending] = await db
    .select({ change: planChanges, plan: plans })
    .from(planChanges)
    .innerJoin(plans, eq(plans.id, planChanges.toPlanId))
    .where(and(eq(planChanges.lineId, line.id), eq(planChanges.status, 'pending')))
    .limit(1);
  const [bill] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.lineId, line.id), eq(bills.month, today.slice(0, 7))))
    .limit(1);
  return {
    // Only the line's owner is answered here (their session), and they need their own number
    // in full to give it to someone; the app formats it (line-rules.ts formatPhone).
    msisdn: line.msisdn,
    status: line.status,
    planId: plan.id,
    planName: planName(plan, lang),
    monthlyRent: withTax(plan.monthlyRent),
    dataGb: plan.dataGb,
    throttledKbps: plan.throttledKbps,
    activatedAt: line.activatedAt.toISOString(),
    pendingChange: pending
      ? {
          id: pending.change.id,
          planId: pending.plan.id,
          planName: planName(pending.plan, lang),
          effectiveDate: pending.change.effectiveDate,
        }
      : null,
    currentBill: bill ? { billNo: bill.billNo, status: bill.status, total: bill.total } : null,
  };
}

export async function usageView(db: Database, userId: number, now = new Date()) {
  const { line, plan } = await activeLine(db, userId);
  const today = tokyoDate(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const days = await db
    .select({ day: usageRecords.day, megabytes: usageRecords.megabytes })
    .from(usageRecords)
    .where(and(eq(usageRecords.lineId, line.id), gte(usageRecords.day, monthStart)))
    .orderBy(asc(usageRecords.day));
  const usedMb = days.reduce((sum, d) => sum + d.megabytes, 0);
  const reset = nextUsageReset(today);
  // Add-ons bought this month count while valid: the quota grows and the speed limit lifts.
  const quotaMb = plan.dataGb * 1024 + ((await addonMegabytes(db, [line.id], today)).get(line.id) ?? 0);
  return {
    usedMb,
    quotaMb,
    percent: percentOf(usedMb, quotaMb),
    throttled: usedMb >= quotaMb,
    throttledKbps: plan.throttledKbps,
    resetDate: reset,
    daysUntilReset: daysUntil(today, reset),
    days,
  };
}

/** One pending change at a time, effective on the 25th of next month, for a customer with a bound phone. */
export async function requestPlanChange(db: Database, user: SessionUser, planId: number, now = new Date()) {
  if (!user.mobile) throw new ApiError('BIND_PHONE_FIRST');
  const { line, plan: current } = await activeLine(db, user.id);
  if (!canChangePlan(line.status)) throw new ApiError('LINE_NOT_ACTIVE');
  const [target] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.active, true)))
    .limit(1);
  if (!target) throw new ApiError('SETMEAL_REQUIRED', 200, { planId: 'SETMEAL_REQUIRED' });
  if (target.id === current.id) throw new ApiError('SAME_PLAN');
  const effectiveDate = planChangeEffectiveDate(tokyoDate(now));
  const [change] = await db.transaction(async (tx) => {
    // Row lock on the line: two requests at once cannot both add a pending change.
    await tx.select({ id: lines.id }).from(lines).where(eq(lines.id, line.id)).for('update');
    const [open] = await tx
      .select({ id: planChanges.id })
      .from(planChanges)
      .where(and(eq(planChanges.lineId, line.id), eq(planChanges.status, 'pending')));
    if (open) throw new ApiError('CHANGE_PENDING');
    const inserted = await tx
      .insert(planChanges)
      .values({ lineId: line.id, fromPlanId: current.id, toPlanId: target.id, effectiveDate })
      .returning();
    await notify(tx, {
      userId: user.id,
      kind: 'plan_change_booked',
      ref: `plan-change:${inserted[0]!.id}`,
      link: '/pages/user/taocan',
      params: { date: effectiveDate },
      localized: { plan: { cn: target.nameCn, ja: target.nameJa } },
    });
    return inserted;
  });
  return { change: change!, difference: withTax(target.monthlyRent) - withTax(current.monthlyRent) };
}

export async function cancelPlanChange(db: Database, userId: number) {
  const { line } = await activeLine(db, userId);
  const cancelled = await db
    .update(planChanges)
    .set({ status: 'cancelled' })
    .where(and(eq(planChanges.lineId, line.id), eq(planChanges.status, 'pending')))
    .returning();
  if (cancelled.length === 0) throw new ApiError('NO_PENDING_CHANGE');
}
