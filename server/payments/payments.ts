import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { sceneAllowed } from '../../contract/containers.js';
import type { Container } from '../../contract/containers.js';
import { PAY_METHODS, type PayMethod } from '../../contract/api.js';
import { tokyoDate } from '../../contract/calendar.js';
import { CARD_GATEWAY_BUSY } from '../../contract/card-rules.js';
import type { Database } from '../db/client.js';
import { payments, userIdentities } from '../db/schema.js';
import { ApiError, NotFoundError } from '../lib/errors.js';
import type {
  CreateOutcome,
  NotificationAck,
  PayScene,
  PaymentProvider,
  VerifiedNotification,
} from './providers/payment-provider.js';
import { wechatPayerProvider } from '../accounts/index.js';
import { settleInTransaction, type PaymentRow, type SettleDeps, type SettleResult } from './payment-settlement.js';
import { firstCheckAt } from './check-schedule.js';
import { retryRefunds, sendRefund } from './refunds.js';
import { findTarget, notPayable, targetTable, type PayTarget } from './targets.js';

export type { PaymentRow } from './payment-settlement.js';

export interface PaymentDeps extends SettleDeps {
  methods: PayMethod[];
  /** WECHAT_H5_PAY=on. */
  wechatH5: boolean;
  /** The WeChat apps whose openid pays a JSAPI or mini-program order. */
  wechatAppIds: { official: string; miniProgram: string };
  /** RECONCILE_AFTER_SECONDS: when a worker first asks the provider about a new attempt. */
  checkAfterSeconds?: number[];
  /** KYC_PHOTO_FOR_DATA=on (default): data orders with photos need no chip or JPKI check first. */
  photoForData?: boolean;
}

async function payerOpenid(deps: PaymentDeps, userId: number, scene: PayScene): Promise<string | undefined> {
  const appId =
    scene === 'jsapi' ? deps.wechatAppIds.official : scene === 'miniprogram' ? deps.wechatAppIds.miniProgram : null;
  if (!appId) return undefined;
  const [row] = await deps.db
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, wechatPayerProvider(appId))))
    .limit(1);
  return row?.subject;
}

function newPaymentNo(now: Date): string {
  return `P${tokyoDate(now).replace(/-/g, '')}${String(now.getTime()).slice(-6)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export interface CreatePaymentInput {
  orderNo?: string | undefined;
  /** Pays a monthly bill instead of an order. */
  billNo?: string | undefined;
  /** Pays a one-off charge (an eSIM reissue fee) instead. */
  chargeNo?: string | undefined;
  /** As the client sent them: a method or scene this server does not offer is a refusal, not a fault. */
  method: string;
  /** A card needs none; the others say where the customer pays (inside WeChat, a phone browser...). */
  scene?: string | undefined;
  /** Where the request came from (contract/detect.ts on its user agent): only its matrix row's pairs run. */
  container: Container;
  token?: string | undefined;
  clientIp: string;
  origin: string;
  notifyBase: string;
}

const openAttempt = async (db: Database, target: PayTarget) =>
  (
    await db
      .select()
      .from(payments)
      .where(
        and(eq(payments.targetType, target.type), eq(payments.targetId, target.id), eq(payments.status, 'pending')),
      )
      .limit(1)
  )[0] ?? null;

function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Starts paying an order, bill or charge; the amount is the target's own, decided on the server.
 * One attempt is open at a time: a new one first closes the open one with its provider (or,
 * if the provider says that one was paid, settles it and refuses this one).
 */
export async function createPayment(deps: PaymentDeps, userId: number, request: CreatePaymentInput, now = new Date()) {
  const method = PAY_METHODS.find((m) => m === request.method);
  const sceneAsked = request.scene ?? (method === 'card' ? 'card' : '');
  const runs =
    method !== undefined &&
    deps.methods.includes(method) &&
    deps.providers[method].scenes.some((s) => s === sceneAsked) &&
    sceneAllowed(request.container, method, sceneAsked, { wechatH5: deps.wechatH5 });
  if (!method || !runs) throw new ApiError('PAY_METHOD_UNAVAILABLE');
  const scene = sceneAsked as PayScene;
  // WeChat Pay JSAPI and mini-program orders name their payer by openid in that app; without
  // it WeChat refuses the order, so the page first learns it (a silent snsapi_base round trip).
  const openid = await payerOpenid(deps, userId, scene);
  if (method === 'wechat' && (scene === 'jsapi' || scene === 'miniprogram') && !openid)
    throw new ApiError('WECHAT_PAYER_REQUIRED');
  const input: StartInput = { ...request, method, scene, openid };
  if (input.method === 'card' && !input.token) throw new ApiError('CARD_TOKEN_REQUIRED');
  for (let round = 0; round < 3; round += 1) {
    const target = await findTarget(deps.db, userId, input, now, deps.photoForData ?? true);
    const open = await openAttempt(deps.db, target);
    if (open) {
      const answer = await deps.providers[open.method as PayMethod].close(open).catch(() => 'closed' as const);
      if (answer === 'paid') {
        const settled = await settlePayment(
          deps,
          open.paymentNo,
          { paid: true, tradeNo: '' },
          `provider:${open.method}`,
        );
        throw settled?.status === 'paid' && !settled.surplus ? new ApiError('ALREADY_PAID') : notPayable(target.type);
      }
    }
    const paymentNo = newPaymentNo(now);
    const started = await deps.db
      .transaction(async (tx) => {
        // The order, bill or charge row is the lock every create and settlement of it queues on.
        const { table, payable } = targetTable(target.type);
        const [locked] = await tx
          .select({ status: table.status })
          .from(table)
          .where(eq(table.id, target.id))
          .for('update');
        if (locked?.status !== payable) throw notPayable(target.type);
        const [still] = await tx
          .select()
          .from(payments)
          .where(
            and(eq(payments.targetType, target.type), eq(payments.targetId, target.id), eq(payments.status, 'pending')),
          )
          .for('update');
        // Another create opened an attempt since we looked: close that one too, next round.
        if (still && still.id !== open?.id) return false;
        if (still)
          await tx
            .update(payments)
            .set({ status: 'closed', closedAt: now, updatedAt: now })
            .where(eq(payments.id, still.id));
        await tx.insert(payments).values({
          paymentNo,
          userId,
          targetType: target.type,
          targetId: target.id,
          method: input.method,
          scene: input.scene,
          amount: target.amount,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
          // A worker asks the provider after 1, 5, 15 and 60 minutes if no notification came.
          nextCheckAt: firstCheckAt(now, deps.checkAfterSeconds),
        });
        return true;
      })
      .catch((error: unknown) => {
        // The one-open-attempt index is the backstop: losing that race is a refusal, not a fault.
        if (isUniqueViolation(error)) throw new ApiError('PAYMENT_IN_PROGRESS');
        throw error;
      });
    if (started) return { paymentNo, outcome: await startWithProvider(deps, paymentNo, target, input) };
  }
  throw new ApiError('PAYMENT_IN_PROGRESS');
}

type StartInput = CreatePaymentInput & { method: PayMethod; scene: PayScene; openid: string | undefined };

async function startWithProvider(
  deps: PaymentDeps,
  paymentNo: string,
  target: PayTarget,
  input: StartInput,
): Promise<CreateOutcome> {
  let outcome: CreateOutcome;
  try {
    outcome = await deps.providers[input.method].create({
      paymentNo,
      amount: target.amount,
      description: target.description,
      scene: input.scene,
      clientIp: input.clientIp,
      // A card comes back from 3-D Secure to the server, which asks the gateway how it went.
      returnUrl:
        input.method === 'card'
          ? `${input.origin}/api/pay/return/card?paymentNo=${paymentNo}`
          : `${input.origin}/h5/pages/public/success?paymentNo=${paymentNo}`,
      notifyUrl: `${input.notifyBase}/api/pay/notify/${input.method}`,
      cardToken: input.token,
      openid: input.openid,
    });
  } catch {
    outcome = { kind: 'failed', code: CARD_GATEWAY_BUSY };
  }
  if (outcome.kind === 'paid') {
    const settled = await settlePayment(deps, paymentNo, { paid: true, tradeNo: outcome.tradeNo }, 'provider');
    // Closed by a newer attempt while the charge ran: the money goes back, and this one says so.
    if (settled?.surplus) return { kind: 'failed', code: 'CLOSED' };
  } else if (outcome.kind === 'failed')
    await settlePayment(deps, paymentNo, { paid: false, code: outcome.code }, 'provider');
  else if (outcome.kind === 'redirect' && outcome.tradeNo) {
    await deps.db.update(payments).set({ providerTradeNo: outcome.tradeNo }).where(eq(payments.paymentNo, paymentNo));
  }
  return outcome;
}

/**
 * Settles in one transaction, then does what must wait for the commit: sends a refund for a
 * surplus success, closes the attempts this payment made unnecessary, retries old refunds.
 */
export async function settlePayment(
  deps: SettleDeps,
  paymentNo: string,
  result: SettleResult,
  actor: string,
  now = new Date(),
  notification?: { provider: string; notifyId: string },
): Promise<(PaymentRow & { surplus: boolean; duplicateNotification: boolean }) | null> {
  const settled = await settleInTransaction(deps, paymentNo, result, actor, now, notification);
  if (!settled) return null;
  for (const other of settled.closedOthers) {
    const answer = await deps.providers[other.method as PayMethod]?.close(other).catch(() => 'closed' as const);
    // Paid after all: recorded, and refunded as a surplus.
    if (answer === 'paid')
      await settlePayment(deps, other.paymentNo, { paid: true, tradeNo: '' }, `provider:${other.method}`);
  }
  if (settled.refundId !== null) await sendRefund(deps, settled.refundId).catch(() => undefined);
  else if (settled.changed) await retryRefunds(deps, settled.row.targetType, settled.row.targetId);
  return { ...settled.row, surplus: settled.refundId !== null, duplicateNotification: settled.duplicateNotification };
}

export type NotificationOutcome = 'settled' | 'duplicate' | 'refused';

/** A verified provider notification: checked against the payment, then recorded and settled together. */
export async function acceptNotification(
  deps: SettleDeps,
  provider: PaymentProvider,
  note: VerifiedNotification,
): Promise<NotificationOutcome> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.paymentNo, note.paymentNo)).limit(1);
  if (!payment || payment.method !== provider.method) return 'refused';
  if (note.merchantId !== provider.merchantId || note.currency !== payment.currency || note.amount !== payment.amount)
    return 'refused';
  const settled = await settlePayment(
    deps,
    note.paymentNo,
    note.paid ? { paid: true, tradeNo: note.tradeNo } : { paid: false, code: 'PROVIDER_FAILED' },
    `provider:${provider.method}`,
    new Date(),
    { provider: provider.method, notifyId: note.notifyId },
  );
  if (!settled) return 'refused';
  return settled.duplicateNotification ? 'duplicate' : 'settled';
}

/**
 * A provider's server-to-server notification, verified on the raw body exactly as it was
 * signed. Null for a provider this server does not know; otherwise the answer the provider expects.
 */
export async function receiveNotification(
  deps: SettleDeps,
  providerName: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<{ outcome: NotificationOutcome; ack: NotificationAck } | null> {
  // Only a method this server knows: "__proto__" or "constructor" is no provider.
  const method = PAY_METHODS.find((m) => m === providerName);
  const provider = method ? deps.providers[method] : undefined;
  if (!provider) return null;
  const verified = await provider.verifyNotification(headers, rawBody);
  const outcome = verified ? await acceptNotification(deps, provider, verified) : 'refused';
  return { outcome, ack: provider.ack(outcome !== 'refused') };
}

/** Where a payment stands; one that heard nothing asks its provider (reconciliation). */
export async function paymentStatus(deps: PaymentDeps, userId: number, paymentNo: string): Promise<PaymentRow> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentNo, paymentNo), eq(payments.userId, userId)))
    .limit(1);
  if (!payment) throw new NotFoundError();
  await retryRefunds(deps, payment.targetType, payment.targetId);
  if (payment.status !== 'pending') return payment;
  const answer = await deps.providers[payment.method as PayMethod].query(paymentNo).catch(() => 'pending' as const);
  if (answer === 'pending') return payment;
  return (
    (await settlePayment(
      deps,
      paymentNo,
      answer === 'paid' ? { paid: true, tradeNo: '' } : { paid: false, code: 'PROVIDER_FAILED' },
      'reconciliation',
    )) ?? payment
  );
}
