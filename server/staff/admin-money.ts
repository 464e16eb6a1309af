import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminPayment,
  BillList,
  PaymentList,
  RefundBody,
  RefundList,
  UsageImportResult,
} from '../../contract/admin-api.js';
import { PAY_METHODS, type Lang, type PayMethod } from '../../contract/api.js';
import { tokyoDate } from '../../contract/calendar.js';
import type { Database } from '../db/client.js';
import { bills, orders, payments, refunds, usageRecords, users } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { message } from '../lib/messages.js';
import type { PaymentProvider } from '../payments/index.js';
import { billRun } from '../billing/index.js';
import { newRefundNo } from '../payments/index.js';
import { sendRefund } from '../payments/index.js';
import { auditStaff, type StaffActor } from '../lib/staff-sessions.js';
import { importUsage, readUsageCsv, type UsageRow } from '../line/index.js';

export interface MoneyDeps {
  db: Database;
  providers: Record<PayMethod, PaymentProvider>;
}

/** Rows a list answers at most. */
const PAYMENT_ROWS = 100;
const REFUND_ROWS = 200;
const BILL_ROWS = 1000;
/** A provider that does not answer its query within this long is 'unknown' on the payment page. */
const PROVIDER_QUERY_MS = 5000;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Written out with their tables named: drizzle leaves a column unqualified in a one-table select,
// where inside a subquery it would name the subquery's own column.
/** Yen of every refund of a payment, whatever its state: pending and failed ones are promised already. */
const refundedOf = sql<number>`(select coalesce(sum(r.amount), 0)::int from refunds r where r.payment_id = "payments"."id")`;

/** "order SM..." or "bill B...": what a payment paid. */
const targetOf = sql<string>`case when "payments"."target_type" = 'order'
  then 'order ' || coalesce((select o.order_no from orders o where o.id = "payments"."target_id"), "payments"."target_id"::text)
  else 'bill ' || coalesce((select b.bill_no from bills b where b.id = "payments"."target_id"), "payments"."target_id"::text) end`;

/** What staff know a customer by: the e-mail, or the account name when there is none. */
const customerOf = (table: 'payments' | 'bills') =>
  sql<string>`(select coalesce(u.email, u.username) from users u where u.id = ${sql.identifier(table)}."user_id")`;

const paymentColumns = {
  id: payments.id,
  paymentNo: payments.paymentNo,
  method: payments.method,
  scene: payments.scene,
  amount: payments.amount,
  status: payments.status,
  target: targetOf,
  customerId: payments.userId,
  customer: customerOf('payments'),
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
  refunded: refundedOf,
};
const selectPayments = (db: Database) => db.select(paymentColumns).from(payments);
type PaymentSelected = Awaited<ReturnType<typeof selectPayments>>[number];

const paymentView = ({ id: _id, ...row }: PaymentSelected): PaymentList['payments'][number] => ({
  ...row,
  refunded: Number(row.refunded),
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
});

/** Payments, newest first: by status, and by payment, order or bill number or a part of the payer's e-mail. */
export async function paymentList(db: Database, filter: { status?: string; q?: string }): Promise<PaymentList> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(payments.status, filter.status));
  const text = filter.q?.normalize('NFKC').trim() ?? '';
  if (text) {
    const number = text.toUpperCase();
    const byText: SQL[] = [
      eq(payments.paymentNo, number),
      and(
        eq(payments.targetType, 'order'),
        inArray(payments.targetId, db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, number))),
      )!,
      and(
        eq(payments.targetType, 'bill'),
        inArray(payments.targetId, db.select({ id: bills.id }).from(bills).where(eq(bills.billNo, number))),
      )!,
    ];
    if (text.length >= 3)
      byText.push(
        inArray(
          payments.userId,
          db
            .select({ id: users.id })
            .from(users)
            .where(sql`${users.email} ilike ${containing(text)}`),
        ),
      );
    where.push(or(...byText)!);
  }
  const rows = await selectPayments(db)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(PAYMENT_ROWS);
  return { payments: rows.map(paymentView) };
}

/** What the provider says about a payment now; 'unknown' when it cannot be asked or does not answer in time. */
async function providerState(
  provider: PaymentProvider | undefined,
  paymentNo: string,
): Promise<AdminPayment['providerState']> {
  if (!provider) return 'unknown';
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'unknown'>((resolve) => {
    timer = setTimeout(() => resolve('unknown'), PROVIDER_QUERY_MS);
  });
  try {
    return await Promise.race([provider.query(paymentNo).catch(() => 'unknown' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

const providerOf = (deps: MoneyDeps, method: string) => {
  const known = PAY_METHODS.find((m) => m === method);
  return known ? deps.providers[known] : undefined;
};

/** The reason shown to staff: their own words, or the key of an automatic refund. */
const reasonOf = (refund: { reason: string; note: string }) =>
  refund.reason === 'staff' ? refund.note : refund.reason;

/** One payment with its refunds, what may still be refunded, and what its provider says now. */
export async function adminPayment(deps: MoneyDeps, paymentNo: string): Promise<AdminPayment> {
  const [row] = await selectPayments(deps.db).where(eq(payments.paymentNo, paymentNo)).limit(1);
  if (!row) throw new NotFoundError();
  const payment = paymentView(row);
  const refundRows = await deps.db
    .select()
    .from(refunds)
    .where(eq(refunds.paymentId, row.id))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  const provider = providerOf(deps, payment.method);
  return {
    payment,
    providerState: await providerState(provider, paymentNo),
    refunds: refundRows.map((r) => ({
      refundNo: r.refundNo,
      amount: r.amount,
      status: r.status,
      reason: reasonOf(r),
      createdAt: r.createdAt.toISOString(),
    })),
    refundable: payment.status === 'paid' ? Math.max(0, payment.amount - payment.refunded) : 0,
    partialRefund: provider?.partialRefunds ?? false,
  };
}

/**
 * A refund staff asked for, full or partial, with their reason. The payment row is locked and
 * its refunds summed in one transaction with the new refund row, so refunds asked for at the
 * same moment queue there and never pass the amount paid together. The provider is asked after
 * the commit (the refund number makes a repeat harmless); a failure stays pending and is tried
 * again like any refund.
 */
export async function refundPayment(
  deps: MoneyDeps,
  actor: StaffActor,
  paymentNo: string,
  body: RefundBody,
  now = new Date(),
): Promise<AdminPayment> {
  const refund = await deps.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.paymentNo, paymentNo)).for('update');
    if (!payment) throw new NotFoundError();
    if (payment.status !== 'paid') throw new ApiError('PAYMENT_NOT_REFUNDABLE');
    const [taken] = await tx
      .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(eq(refunds.paymentId, payment.id));
    const left = payment.amount - Number(taken?.sum ?? 0);
    if (body.amount > left)
      throw new ApiError('REFUND_TOO_MUCH', 200, { amount: 'REFUND_TOO_MUCH' }, { max: Math.max(0, left) });
    if (body.amount !== payment.amount && !providerOf(deps, payment.method)?.partialRefunds)
      throw new ApiError('REFUND_PARTIAL_UNSUPPORTED', 200, { amount: 'REFUND_PARTIAL_UNSUPPORTED' });
    const [created] = await tx
      .insert(refunds)
      .values({
        refundNo: newRefundNo(now),
        paymentId: payment.id,
        amount: body.amount,
        reason: 'staff',
        note: body.reason,
        staffId: actor.id,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await auditStaff(tx, actor, 'refund', paymentNo, {
      refundNo: created!.refundNo,
      amount: body.amount,
      paid: payment.amount,
      reason: body.reason,
    });
    return created!;
  });
  await sendRefund(deps, refund.id).catch(() => undefined);
  return adminPayment(deps, paymentNo);
}

const refundColumns = {
  refundNo: refunds.refundNo,
  paymentNo: payments.paymentNo,
  method: payments.method,
  amount: refunds.amount,
  status: refunds.status,
  reason: refunds.reason,
  note: refunds.note,
  attempts: refunds.attempts,
  lastError: refunds.lastError,
  target: targetOf,
  createdAt: refunds.createdAt,
};

function refundView(row: {
  refundNo: string;
  paymentNo: string;
  method: string;
  amount: number;
  status: string;
  reason: string;
  note: string;
  attempts: number;
  lastError: string | null;
  target: string;
  createdAt: Date;
}): RefundList['refunds'][number] {
  const { note: _note, ...rest } = row;
  return { ...rest, reason: reasonOf(row), createdAt: row.createdAt.toISOString() };
}

/** Refunds, newest first; `failed` ones have used their tries and wait for staff. */
export async function refundList(db: Database, filter: { status?: string }): Promise<RefundList> {
  const rows = await db
    .select(refundColumns)
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(filter.status ? eq(refunds.status, filter.status) : undefined)
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(REFUND_ROWS);
  return { refunds: rows.map(refundView) };
}

async function refundByNo(db: Database, refundNo: string) {
  const [row] = await db
    .select(refundColumns)
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.refundNo, refundNo))
    .limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Pushes a pending or failed refund to its provider once more, with the same refund number
 * (so it is never paid twice). A failed one that fails again is failed again.
 */
export async function retryRefund(deps: MoneyDeps, actor: StaffActor, refundNo: string, now = new Date()) {
  const before = await refundByNo(deps.db, refundNo);
  if (before.status === 'refunded') throw new ApiError('REFUND_NOT_RETRYABLE');
  const [moved] = await deps.db
    .update(refunds)
    .set({ status: 'pending', updatedAt: now })
    .where(and(eq(refunds.refundNo, refundNo), inArray(refunds.status, ['pending', 'failed'])))
    .returning({ id: refunds.id });
  if (!moved) throw new ApiError('REFUND_NOT_RETRYABLE');
  await auditStaff(deps.db, actor, 'refund-retry', refundNo, {
    paymentNo: before.paymentNo,
    amount: before.amount,
    was: before.status,
    attempts: before.attempts,
  });
  await sendRefund(deps, moved.id, now).catch(() => undefined);
  return { refund: refundView(await refundByNo(deps.db, refundNo)) };
}

/** A month's bills (this Tokyo month's when none is named). */
export async function billList(db: Database, month: string | undefined, now = new Date()): Promise<BillList> {
  const rows = await db
    .select({
      billNo: bills.billNo,
      customerId: bills.userId,
      customer: customerOf('bills'),
      month: bills.month,
      total: bills.total,
      status: bills.status,
      dueDate: bills.dueDate,
    })
    .from(bills)
    .where(eq(bills.month, month ?? tokyoDate(now).slice(0, 7)))
    .orderBy(bills.billNo)
    .limit(BILL_ROWS);
  return { bills: rows };
}

/** The month's bill run from the console (services/billing.ts): safe to repeat; audited with who and where. */
export async function consoleBillRun(db: Database, actor: StaffActor, month: string, keepNumberFee?: number) {
  const result = await billRun(db, `staff:${actor.login}`, month, { staffId: actor.id, ip: actor.ip }, keepNumberFee);
  return { lines: result.lines, created: result.created };
}

/**
 * A usage file from the console. Either way it is read against the lines and the days already
 * recorded: `changes` are the days whose megabytes would differ (the last row of a day counts,
 * as the import writes them in order). A dry run stops there and writes nothing; otherwise the
 * file goes through importUsage (data messages and the audit row included).
 */
export async function consoleUsageImport(
  db: Database,
  actor: StaffActor,
  lang: Lang,
  csv: string,
  dryRun: boolean,
  now = new Date(),
): Promise<UsageImportResult> {
  const read = await readUsageCsv(db, csv);
  const last = new Map<string, UsageRow>();
  for (const row of read.rows) last.set(`${row.lineId}|${row.day}`, row);
  const rows = [...last.values()];
  const recorded = new Map<string, number>();
  if (rows.length > 0) {
    const days = rows.map((r) => r.day).sort();
    const existing = await db
      .select()
      .from(usageRecords)
      .where(
        and(
          inArray(usageRecords.lineId, [...new Set(rows.map((r) => r.lineId))]),
          gte(usageRecords.day, days[0]!),
          lte(usageRecords.day, days.at(-1)!),
        ),
      );
    for (const r of existing) recorded.set(`${r.lineId}|${r.day}`, r.megabytes);
  }
  const changes = rows
    .map((r) => ({
      msisdn: r.msisdn,
      day: r.day,
      before: recorded.get(`${r.lineId}|${r.day}`) ?? null,
      after: r.megabytes,
    }))
    .filter((c) => c.before !== c.after)
    .sort((a, b) => a.msisdn.localeCompare(b.msisdn) || a.day.localeCompare(b.day));
  const problems = read.problems.map((p) =>
    p.kind === 'format'
      ? message(lang, 'api.usageProblem.format', { row: p.row })
      : message(lang, 'api.usageProblem.noLine', { row: p.row, msisdn: p.msisdn }),
  );
  if (!dryRun) await importUsage(db, `staff:${actor.login}`, csv, now, { staffId: actor.id, ip: actor.ip });
  return { dryRun, changes, problems };
}
