import { and, eq, gt, gte, inArray, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { BillRunPreview } from '../../contract/admin-api.js';
import { billMonthParams } from '../../contract/bill-rules.js';
import { addDays } from '../../contract/calendar.js';
import { taxOf } from '../../contract/pricing.js';
import { pauseCoversMonth, KEEP_NUMBER_FEE_DEFAULT } from '../../contract/lifecycle-rules.js';
import { billedAs, isFinal } from '../../contract/line-states.js';
import type { Database } from '../db/client.js';
import { auditLog, bills, charges, lineCancellations, linePauses, lines, planChanges, plans } from '../db/schema.js';
import { notify } from '../notifications/index.js';
import type { ConsoleActor } from '../line/index.js';

const formatYen = (yen: number) => yen.toLocaleString('en-US');

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The monthly-payment page finds the bill that is due itself. */
const BILL_LINK = '/pages/user/pay';

/**
 * What the month's bill run would issue now, writing nothing: the active lines (as billRun
 * reads them: every line not ended or ported) without a bill for the month (bills_line_month_key makes the run skip those).
 */
export async function billRunPreview(db: Database, month: string): Promise<BillRunPreview> {
  const [row] = await db
    .select({
      lines: sql<number>`count(*)::int`,
      toIssue: sql<number>`count(*) filter (where not exists (select 1 from bills b where b.line_id = "lines"."id" and b.month = ${month}))::int`,
    })
    .from(lines)
    .where(notInArray(lines.status, ['ended', 'ported']));
  return { month, lines: Number(row?.lines ?? 0), toIssue: Number(row?.toIssue ?? 0) };
}

/** Kept lines whose month the bill run covers (contract/line-states.ts billedAs). */
const billable = (tx: Database) =>
  tx
    .select()
    .from(lines)
    .where(notInArray(lines.status, ['ended', 'ported']));

/**
 * Bills every line still running for the month, once: a second run finds the bills and makes
 * none. A line is billed at the plan in force on the 25th, so a change booked for that day is
 * priced in; the change itself is applied on the 25th (applyDuePlanChanges). A line paused on
 * the month's 1st pays the keep-number fee instead of its rent; a month whose rent is already
 * on a booked cancellation's final bill is skipped (that bill has it); an ended or ported line
 * gets nothing. Each new bill and its notification commit together.
 */
export async function billRun(
  db: Database,
  actor: string,
  month: string,
  by?: ConsoleActor,
  keepNumberFee = KEEP_NUMBER_FEE_DEFAULT,
  /** Only this line (a withdrawn cancellation's month, billed when the run skipped it). */
  onlyLineId?: number,
) {
  const billingDay = `${month}-25`;
  const booked = await db
    .select({ lineId: planChanges.lineId, toPlanId: planChanges.toPlanId })
    .from(planChanges)
    .where(and(eq(planChanges.status, 'pending'), lte(planChanges.effectiveDate, billingDay)));
  const bookedPlan = new Map(booked.map((b) => [b.lineId, b.toPlanId]));
  const active = (await billable(db)).filter((l) => onlyLineId === undefined || l.id === onlyLineId);
  const monthStart = `${month}-01`;
  const pauses = await db
    .select({ lineId: linePauses.lineId, startOn: linePauses.startOn, resumeOn: linePauses.resumeOn })
    .from(linePauses)
    .where(
      and(
        inArray(linePauses.status, ['booked', 'running', 'done']),
        lte(linePauses.startOn, monthStart),
        gt(linePauses.resumeOn, monthStart),
      ),
    );
  // The same test in words as the SQL above, kept as the one rule (contract/lifecycle-rules.ts).
  const paused = new Set(pauses.filter((p) => pauseCoversMonth(p, month)).map((p) => p.lineId));
  const onFinalBill = await rentOnFinalBills(db, month);
  const planIds = [...new Set(active.map((l) => bookedPlan.get(l.id) ?? l.planId))];
  const planById = new Map(
    (planIds.length ? await db.select().from(plans).where(inArray(plans.id, planIds)) : []).map((p) => [p.id, p]),
  );
  let created = 0;
  let keptNumbers = 0;
  for (const line of active) {
    const plan = planById.get(bookedPlan.get(line.id) ?? line.planId);
    if (!plan || onFinalBill.has(line.id)) continue;
    const kind = billedAs(line.status, paused.has(line.id));
    if (kind === 'none') continue;
    const item =
      kind === 'keep_number'
        ? { code: 'keep_number', planId: plan.id, amount: keepNumberFee }
        : { code: 'monthly_rent', planId: plan.id, amount: plan.monthlyRent };
    const subtotal = item.amount;
    const billNo = billNoOf(month, line.id);
    const dueDate = lastDayOf(month);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(bills)
        .values({
          billNo,
          userId: line.userId,
          lineId: line.id,
          month,
          items: [item],
          subtotal,
          tax: taxOf(subtotal),
          total: subtotal + taxOf(subtotal),
          dueDate,
        })
        .onConflictDoNothing()
        .returning({ id: bills.id });
      if (inserted.length === 0) return;
      created += 1;
      if (kind === 'keep_number') keptNumbers += 1;
      await notify(tx, {
        userId: line.userId,
        kind: 'bill_issued',
        ref: billNo,
        link: BILL_LINK,
        params: { ...billMonthParams(month), amount: formatYen(subtotal + taxOf(subtotal)), dueDate },
      });
    });
  }
  await db.insert(auditLog).values({
    actor,
    action: 'bill-run',
    target: month,
    detail: { lines: active.length, created, pricedAtBookedPlan: bookedPlan.size, keptNumbers },
    ...(by ? { staffId: by.staffId, ip: by.ip } : {}),
  });
  return { lines: active.length, created, pricedAtBookedPlan: bookedPlan.size };
}

/** A line's bill number for a month: one per line and month, whoever issues it (the bill run, a paid final bill). */
export const billNoOf = (month: string, lineId: number): string =>
  `B${month.replace('-', '')}${String(lineId).padStart(6, '0')}`;

/** Lines whose rent for the month is an item of a final bill (a booked or done cancellation's charge not withdrawn). */
async function rentOnFinalBills(db: Database, month: string): Promise<Set<number>> {
  const rows = await db
    .select({ lineId: lineCancellations.lineId, items: charges.items })
    .from(lineCancellations)
    .innerJoin(charges, eq(charges.id, lineCancellations.chargeId))
    .where(
      and(
        inArray(lineCancellations.status, ['booked', 'done']),
        gte(lineCancellations.billedThrough, month),
        ne(charges.status, 'cancelled'),
      ),
    );
  return new Set(
    rows
      .filter((r) =>
        (r.items ?? []).some((i) => (i.code === 'monthly_rent' || i.code === 'keep_number') && i.month === month),
      )
      .map((r) => r.lineId),
  );
}

/** Booked plan changes whose day has come (the 25th): the line moves to the new plan, and the customer is told. */
export async function applyDuePlanChanges(db: Database, actor: string, today: string) {
  const due = await db
    .select({ change: planChanges, plan: plans })
    .from(planChanges)
    .innerJoin(plans, eq(plans.id, planChanges.toPlanId))
    .where(and(eq(planChanges.status, 'pending'), lte(planChanges.effectiveDate, today)));
  let applied = 0;
  for (const { change, plan } of due) {
    await db.transaction(async (tx) => {
      // A line that ended or left for another carrier (a change booked while its cancellation was
      // being booked, or its port-out completing) has no plan to move to: the change is cancelled.
      const [target] = await tx
        .select({ status: lines.status })
        .from(lines)
        .where(eq(lines.id, change.lineId))
        .for('update');
      if (!target || isFinal(target.status)) {
        const dropped = await tx
          .update(planChanges)
          .set({ status: 'cancelled' })
          .where(and(eq(planChanges.id, change.id), eq(planChanges.status, 'pending')))
          .returning({ id: planChanges.id });
        if (dropped.length > 0)
          await tx.insert(auditLog).values({
            actor,
            action: 'plan-change-cancelled',
            target: String(change.lineId),
            detail: { to: change.toPlanId, effectiveDate: change.effectiveDate, lineStatus: target?.status ?? null },
          });
        return;
      }
      // Only while still pending: a cancellation or another worker got there first otherwise.
      const moved = await tx
        .update(planChanges)
        .set({ status: 'applied' })
        .where(and(eq(planChanges.id, change.id), eq(planChanges.status, 'pending')))
        .returning({ id: planChanges.id });
      if (moved.length === 0) return;
      const [line] = await tx
        .update(lines)
        .set({ planId: change.toPlanId })
        .where(eq(lines.id, change.lineId))
        .returning({ userId: lines.userId });
      await tx.insert(auditLog).values({
        actor,
        action: 'plan-change-applied',
        target: String(change.lineId),
        detail: { from: change.fromPlanId, to: change.toPlanId, effectiveDate: change.effectiveDate },
      });
      if (line)
        await notify(tx, {
          userId: line.userId,
          kind: 'plan_change_applied',
          ref: `plan-change:${change.id}`,
          link: '/pages/user/taocan',
          params: { date: change.effectiveDate },
          localized: { plan: { cn: plan.nameCn, ja: plan.nameJa } },
        });
      applied += 1;
    });
  }
  return { applied };
}

/**
 * Unpaid bills three days before their due date, and the day after it: the customer is
 * reminded once each (the bill number and the kind make the message's key).
 */
export async function remindBills(db: Database, today: string) {
  const dueSoon = addDays(today, 3);
  const overdueSince = addDays(today, -1);
  const unpaid = await db
    .select()
    .from(bills)
    .where(and(eq(bills.status, 'unpaid'), lte(bills.dueDate, dueSoon)));
  let queued = 0;
  for (const bill of unpaid) {
    const kind = bill.dueDate <= overdueSince ? 'bill_overdue' : bill.dueDate >= today ? 'bill_due' : null;
    if (!kind) continue;
    const ids = await notify(db, {
      userId: bill.userId,
      kind,
      ref: bill.billNo,
      link: BILL_LINK,
      params: { ...billMonthParams(bill.month), amount: formatYen(bill.total), dueDate: bill.dueDate },
    });
    queued += ids.length;
  }
  return { queued };
}
