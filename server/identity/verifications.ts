import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { matchIdentity } from '../../contract/identity-match.js';
import { isDelivery, type Delivery } from '../../contract/esim-rules.js';
import {
  identityMethodsFor,
  isOnlineMethod,
  VERIFICATION_STATUSES,
  type IdentityMethod,
  type LineType,
  type MatchedField,
  type VerificationStatus,
  type VerifiedDocument,
} from '../../contract/identity-rules.js';
import {
  type IdentityState,
  type StaffIdentity,
  type StaffVerificationView,
  type VerificationView,
} from '../../contract/identity-views.js';
import type { Database } from '../db/client.js';
import { identityVerifications, identityWebhookEvents, orders } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import { takeAll, type Limit } from '../lib/rate-limits.js';
import { notify } from '../notifications/index.js';
import { EkycUnavailableError, type EkycEvent, type EkycProvider } from './providers/ekyc-provider.js';

type OrderRow = typeof orders.$inferSelect;
export type VerificationRow = typeof identityVerifications.$inferSelect;

export interface IdentityDeps {
  db: Database;
  provider: EkycProvider;
  /** KYC_PHOTO_FOR_DATA=on. */
  photoForData: boolean;
  /** PUBLIC_URL: where the provider sends the customer back and its webhooks. */
  publicUrl: string;
}

/** Every status but `pending` is an answer: nothing moves it back. */
const FINAL = VERIFICATION_STATUSES.filter((status) => status !== 'pending');
export const isFinal = (status: string) => (FINAL as readonly string[]).includes(status);

const lineTypeOf = (order: Pick<OrderRow, 'lineType'>): LineType => (order.lineType === 'voice' ? 'voice' : 'data');
const deliveryOf = (order: Pick<OrderRow, 'info'>): Delivery =>
  isDelivery(order.info.delivery) ? order.info.delivery : 'mail';
/** Photos were collected when it was placed (only ever where they were allowed then). */
const hasPhotos = (order: Pick<OrderRow, 'info'>) => Boolean(order.info.residenceFront && order.info.identityDoc);

/**
 * The methods an order may use. Photos count only for an order that carries them: one placed
 * without (a voice line, or photos off then) has nothing to review.
 */
export function orderMethods(order: Pick<OrderRow, 'lineType' | 'info'>, photoForData: boolean): IdentityMethod[] {
  return identityMethodsFor({
    lineType: lineTypeOf(order),
    delivery: deliveryOf(order),
    photoForData: photoForData && hasPhotos(order),
  });
}

function newVerificationNo(now: Date): string {
  return `IV${tokyoDate(now).replace(/-/g, '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

async function verificationsOf(db: Database, orderId: number): Promise<VerificationRow[]> {
  return db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.orderId, orderId))
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id));
}

/** What the order's identity check needs next, for the pay step and for staff. */
export interface IdentityStanding {
  methods: IdentityMethod[];
  /** A verification of an allowed method passed (or photos were given where allowed). */
  satisfied: boolean;
  /** Passed online (chip or JPKI) or at the counter: not photos, which staff still review. */
  verifiedBy: IdentityMethod | null;
  /** A pickup order not verified online: it is verified at the counter before hand-over. */
  counterPending: boolean;
  rows: VerificationRow[];
}

export async function identityStanding(
  db: Database,
  order: OrderRow,
  photoForData: boolean,
): Promise<IdentityStanding> {
  const methods = orderMethods(order, photoForData);
  const rows = await verificationsOf(db, order.id);
  const passed = rows.find((r) => r.status === 'verified' && methods.includes(r.method as IdentityMethod));
  const verifiedBy = passed ? (passed.method as IdentityMethod) : null;
  const satisfied = verifiedBy !== null || methods[0] === 'photos';
  return { methods, satisfied, verifiedBy, counterPending: !satisfied && methods.includes('counter'), rows };
}

const toView = (row: VerificationRow): VerificationView => ({
  verificationNo: row.verificationNo,
  method: row.method as IdentityMethod,
  status: row.status as VerificationStatus,
  mismatched: row.mismatched as MatchedField[],
  documentType: (row.documentType as VerifiedDocument | null) ?? null,
  completedAt: row.completedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const toStaffView = (row: VerificationRow): StaffVerificationView => ({
  ...toView(row),
  provider: row.provider,
  providerRef: row.providerRef,
  verifiedName: row.verifiedName,
  verifiedBirthday: row.verifiedBirthday,
  verifiedAddress:
    row.verifiedPostcode || row.verifiedAddress
      ? `〒${row.verifiedPostcode ?? ''} ${row.verifiedAddress ?? ''}`.trim()
      : null,
  documentLast4: row.documentLast4,
  documentExpiry: row.documentExpiry,
  matched: row.matched,
  checkedBy: row.checkedBy,
});

/** The customer's order by number; someone else's is "not found", as no order is. */
async function ownOrder(db: Database, userId: number, orderNo: string): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw new NotFoundError();
  return order;
}

/** GET /api/identity/status. */
export async function identityState(deps: IdentityDeps, userId: number, orderNo: string): Promise<IdentityState> {
  const order = await ownOrder(deps.db, userId, orderNo);
  const standing = await identityStanding(deps.db, order, deps.photoForData);
  return {
    orderNo: order.orderNo,
    lineType: lineTypeOf(order),
    methods: standing.methods,
    satisfied: standing.satisfied,
    latest: standing.rows[0] ? toView(standing.rows[0]) : null,
  };
}

/** The console's order page (staff see every attempt, newest first). */
export async function staffIdentity(db: Database, order: OrderRow, photoForData = true): Promise<StaffIdentity> {
  const standing = await identityStanding(db, order, photoForData);
  return {
    lineType: lineTypeOf(order),
    methods: standing.methods,
    satisfied: standing.satisfied,
    verifications: standing.rows.map(toStaffView),
  };
}

/**
 * POST /api/identity/start: the owner of an order awaiting payment opens the provider's app by
 * an allowed online method. One verification is open per order: a new start abandons the
 * pending one (its late webhook then changes nothing).
 */
/** Ten starts an hour per order: enough to retry every outcome, not enough to run up the provider's bill. */
export const IDENTITY_STARTS_PER_ORDER: Limit = { bucket: 'identity:start', limit: 10, windowMs: 60 * 60_000 };

export async function startVerification(
  deps: IdentityDeps,
  userId: number,
  input: { orderNo: string; method: string },
  now = new Date(),
): Promise<{ verificationNo: string; url: string; expiresAt: string }> {
  const order = await ownOrder(deps.db, userId, input.orderNo);
  if (order.status !== 'awaiting_payment' || order.payBefore <= now) throw new ApiError('IDENTITY_ORDER_CLOSED');
  const standing = await identityStanding(deps.db, order, deps.photoForData);
  const method = input.method;
  if (!isOnlineMethod(method) || !standing.methods.includes(method))
    throw new ApiError('IDENTITY_METHOD_UNAVAILABLE', 200, { method: 'IDENTITY_METHOD_UNAVAILABLE' });
  if (standing.verifiedBy) throw new ApiError('IDENTITY_ALREADY_VERIFIED');
  // Each start opens a session at the provider (billed per check): a retry loop must not.
  await takeAll(deps.db, [[IDENTITY_STARTS_PER_ORDER, order.orderNo]], { key: 'RATE_LIMITED' }, now);
  const verificationNo = newVerificationNo(now);
  let started;
  try {
    started = await deps.provider.start(
      {
        verificationNo,
        method,
        returnUrl: `${deps.publicUrl}/h5/pages/process/verify?orderNo=${encodeURIComponent(order.orderNo)}`,
        webhookUrl: `${deps.publicUrl}/api/identity/webhook/${deps.provider.name}`,
      },
      now,
    );
  } catch (error) {
    if (error instanceof EkycUnavailableError) throw new ApiError('IDENTITY_PROVIDER_UNAVAILABLE');
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    // The order row is the lock two starts of the same order queue on.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update');
    await tx
      .update(identityVerifications)
      .set({ status: 'abandoned', completedAt: now })
      .where(and(eq(identityVerifications.orderId, order.id), eq(identityVerifications.status, 'pending')));
    await tx.insert(identityVerifications).values({
      verificationNo,
      orderId: order.id,
      userId,
      method,
      provider: deps.provider.name,
      providerRef: started.providerRef,
      status: 'pending',
      expiresAt: started.expiresAt,
      createdAt: now,
    });
  });
  return { verificationNo, url: started.url, expiresAt: started.expiresAt.toISOString() };
}

export type WebhookResult =
  { outcome: 'applied'; status: VerificationStatus } | { outcome: 'duplicate' | 'unknown' | 'stale' };

/**
 * A checked webhook event, applied once (by event id) in one transaction: an event older than
 * the one already applied changes nothing, a final status never goes back to pending, and a
 * verification a new start abandoned stays abandoned. A provider `verified` whose data does not
 * match what the customer entered becomes `data_mismatch`, naming the fields.
 */
export async function applyEvent(
  db: Database,
  provider: string,
  event: EkycEvent,
  now = new Date(),
): Promise<WebhookResult> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(identityWebhookEvents)
      .values({ provider, eventId: event.eventId, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: identityWebhookEvents.eventId });
    if (!fresh) return { outcome: 'duplicate' as const };
    const [row] = await tx
      .select()
      .from(identityVerifications)
      .where(
        and(eq(identityVerifications.provider, provider), eq(identityVerifications.providerRef, event.providerRef)),
      )
      .for('update');
    if (!row) return { outcome: 'unknown' as const };
    const older = row.providerAt !== null && event.occurredAt.getTime() <= row.providerAt.getTime();
    const abandonedHere = row.status === 'abandoned' && row.providerAt === null;
    if (older || abandonedHere || event.outcome === 'in_progress') {
      // The customer opened the provider's app: noted as the latest word, status unchanged.
      if (!older && !abandonedHere && !isFinal(row.status))
        await tx
          .update(identityVerifications)
          .set({ providerAt: event.occurredAt })
          .where(eq(identityVerifications.id, row.id));
      return { outcome: 'stale' as const };
    }
    let status: VerificationStatus = event.outcome;
    let matched: Record<string, boolean> = {};
    let mismatched: MatchedField[] = [];
    const person = event.person;
    if (status === 'verified') {
      const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).limit(1);
      const info = order?.info ?? {};
      const result = matchIdentity(
        { names: person?.names ?? [], birthday: person?.birthday ?? '', postcode: person?.postcode ?? '' },
        {
          lastName: info.lastName ?? '',
          firstName: info.firstName ?? '',
          birthday: info.birthday ?? '',
          postcode: info.postcode ?? '',
        },
      );
      ({ matched, mismatched } = result);
      if (mismatched.length > 0) status = 'data_mismatch';
    }
    const [updated] = await tx
      .update(identityVerifications)
      .set({
        status,
        providerAt: event.occurredAt,
        completedAt: now,
        matched,
        mismatched,
        verifiedName: person ? person.names.join(' / ') : null,
        verifiedBirthday: person?.birthday ?? null,
        verifiedPostcode: person?.postcode ?? null,
        verifiedAddress: person?.address ?? null,
        documentType: person?.documentType ?? null,
        documentLast4: person?.documentLast4 ?? null,
        documentExpiry: person?.documentExpiry ?? null,
      })
      .where(eq(identityVerifications.id, row.id))
      .returning();
    if (updated && status !== row.status) await notifyVerification(tx, updated);
    return { outcome: 'applied' as const, status };
  });
}

/** The customer hears of a verification that passed, or failed in a way they must act on. */
async function notifyVerification(db: Database, row: VerificationRow) {
  const [order] = await db
    .select({ orderNo: orders.orderNo, planName: orders.planName })
    .from(orders)
    .where(eq(orders.id, row.orderId))
    .limit(1);
  if (!order) return;
  const verified = row.status === 'verified';
  await notify(db, {
    userId: row.userId,
    kind: verified ? 'identity_verified' : 'identity_failed',
    ref: `identity:${row.verificationNo}:${row.status}`,
    link: `/pages/process/${verified ? 'pay' : 'verify'}?orderNo=${order.orderNo}`,
    params: { orderNo: order.orderNo },
    localized: {
      plan: order.planName,
      reason: {
        cn: reasonText('cn', row),
        ja: reasonText('ja', row),
      },
    },
  });
}

const REASONS: Record<'cn' | 'ja', Record<string, string>> = {
  cn: {
    data_mismatch: '证件上的信息与您填写的不一致',
    mismatch: '证件与本人不符',
    document_expired: '证件已过期',
    face_mismatch: '面部照片与证件芯片中的照片不一致',
    abandoned: '确认没有完成',
  },
  ja: {
    data_mismatch: '証明書の内容がご入力の情報と一致しません',
    mismatch: '証明書とご本人が一致しません',
    document_expired: '証明書の有効期限が切れています',
    face_mismatch: '顔写真が IC チップの写真と一致しません',
    abandoned: '確認が完了していません',
  },
};
const FIELD_WORDS: Record<'cn' | 'ja', Record<MatchedField, string>> = {
  cn: { name: '姓名', birthday: '出生日期', address: '地址（邮编）' },
  ja: { name: '氏名', birthday: '生年月日', address: '住所（郵便番号）' },
};
function reasonText(lang: 'cn' | 'ja', row: VerificationRow): string {
  const base = REASONS[lang][row.status] ?? '';
  if (row.status !== 'data_mismatch') return base;
  const fields = (row.mismatched as MatchedField[]).map((f) => FIELD_WORDS[lang][f]).join(lang === 'cn' ? '、' : '・');
  return `${base}（${fields}）`;
}

export class IdentityRefusal extends Error {
  override name = 'IdentityRefusal';
  constructor(
    message: string,
    readonly key: 'IDENTITY_REQUIRED' | 'COUNTER_CHECK_REQUIRED',
  ) {
    super(message);
  }
}

/**
 * Whether the order may be paid: once verified by an allowed method, or photos where allowed;
 * a pickup order whose customer is verified at the counter pays first.
 */
export async function identityAllowsPayment(db: Database, order: OrderRow, photoForData: boolean): Promise<boolean> {
  const standing = await identityStanding(db, order, photoForData);
  return standing.satisfied || standing.counterPending;
}

/**
 * What staff may do with an order as its identity stands (server/staff/operations.ts): approve,
 * ship, ready for pickup and activate need a passed check; a counter order may be approved and
 * made ready, but not activated (handed over) before the counter check is recorded. Staff
 * count photos wherever the order carries them (the rule when it was placed).
 */
export async function assertIdentityFor(
  db: Database,
  order: OrderRow,
  step: 'approve' | 'ship' | 'ready_for_pickup' | 'activate',
): Promise<void> {
  const standing = await identityStanding(db, order, true);
  if (standing.satisfied) return;
  if (standing.counterPending && (step === 'approve' || step === 'ready_for_pickup')) return;
  if (standing.counterPending)
    throw new IdentityRefusal(
      `order ${order.orderNo}: record the counter IC chip check first`,
      'COUNTER_CHECK_REQUIRED',
    );
  throw new IdentityRefusal(`order ${order.orderNo}: the customer's identity is not verified`, 'IDENTITY_REQUIRED');
}

/**
 * Staff's record of the face-to-face IC chip check at the store (pickup orders only), in the
 * caller's transaction (the audit row commits with it).
 */
export async function recordCounterCheck(
  db: Database,
  order: OrderRow,
  input: { documentType: VerifiedDocument; documentLast4: string; checkedBy: string },
  now = new Date(),
): Promise<VerificationRow> {
  if (!orderMethods(order, false).includes('counter'))
    throw new IdentityRefusal(`order ${order.orderNo} is not picked up at a store`, 'IDENTITY_REQUIRED');
  const [row] = await db
    .insert(identityVerifications)
    .values({
      verificationNo: newVerificationNo(now),
      orderId: order.id,
      userId: order.userId,
      method: 'counter',
      provider: 'counter',
      providerRef: null,
      status: 'verified',
      documentType: input.documentType,
      documentLast4: input.documentLast4,
      checkedBy: input.checkedBy,
      providerAt: now,
      createdAt: now,
      completedAt: now,
    })
    .returning();
  return row!;
}

/** Each order's latest verification status (the console's review queue marks a failed one). */
export async function latestStatuses(db: Database, orderIds: number[]): Promise<Map<number, VerificationStatus>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([identityVerifications.orderId], {
      orderId: identityVerifications.orderId,
      status: identityVerifications.status,
    })
    .from(identityVerifications)
    .where(inArray(identityVerifications.orderId, orderIds))
    .orderBy(identityVerifications.orderId, desc(identityVerifications.createdAt), desc(identityVerifications.id));
  return new Map(rows.map((row) => [row.orderId, row.status as VerificationStatus]));
}
