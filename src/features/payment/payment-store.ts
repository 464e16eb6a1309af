import { makeAutoObservable, runInAction } from 'mobx';
import { isRunnable, type PayScene, type PayWay } from '../../../contract/containers';
import type { PaymentConfig, PayMethod, RefundView } from '../../../contract/api';
import type { PlatformBridge } from '../../../bridges/types';
import type { CardInput } from '../../../contract/card-rules';
import type { HttpClient } from '../../api/http-client';
import { fetchChargeToPay, type ChargeToPay } from '../../api/charge';
import { postHandoffCreate } from '../../api/handoff';
import { fetchPayStatus, fetchRefunds, postPay, type PayCreated, type PayStatus } from '../../api/payment';
import { toResult } from '../../lib/action-result';
import type { Clearable } from '../../lib/clearable';
import { readJson, writeJson, type KeyValueStorage } from '../../lib/persistence';
import { Resource } from '../../lib/resource';
import { readTarget, sameTarget, targetFields, targetKey, writeTarget, type PayTarget } from './pay-target';
import { tokenizeCard } from './card-token';
import { payInApp } from './pay-in-app';
import { choicesOf, failedPhase, unavailableOf, waysFor } from './pay-ways';
import { POLL_TIMING, type PayPhase, type PaymentStoreOptions, type PollTiming } from './payment-types';

export type { PayTarget } from './pay-target';
export { POLL_TIMING, type PayPhase, type PaymentStoreOptions, type PollTiming } from './payment-types';

/** A WeChat Pay that left to learn the payer's openid, to go on with when the page is back. */
const RESUME_KEY = 'payment_resume';
const RESUME_WITHIN_MS = 5 * 60 * 1000;

/** Paying an order through the bridge of this platform, or by card; the server has the last word. */
export class PaymentStore implements Clearable {
  phase: PayPhase = { kind: 'idle' };
  /** The order, monthly bill or charge being paid, kept for the card page and for coming back from a redirect. */
  orderNo: string;
  billNo: string;
  chargeNo: string;
  /** The server's last word on the attempt followed: amount, method, order or bill number, time. */
  result: PayStatus | null = null;
  private pollToken = 0;
  /** Counts clears: an answer that arrives after one belongs to the customer who left. */
  private clears = 0;
  private readonly refunds = new Map<string, Resource<{ refunds: RefundView[] }>>();
  private readonly charges = new Map<string, Resource<{ charge: ChargeToPay | null }>>();

  private readonly storage: KeyValueStorage;
  private readonly http: HttpClient;
  private readonly bridge: PlatformBridge;
  private readonly config: () => PaymentConfig | null;
  private readonly desktop: boolean;
  private readonly learnWechatPayer: () => Promise<boolean>;
  private readonly timing: PollTiming;

  constructor(options: PaymentStoreOptions) {
    this.storage = options.storage;
    this.http = options.http;
    this.bridge = options.bridge;
    this.config = options.config;
    this.desktop = options.desktop ?? false;
    this.learnWechatPayer = options.learnWechatPayer ?? (() => Promise.resolve(false));
    this.timing = options.timing ?? POLL_TIMING;
    ({ orderNo: this.orderNo, billNo: this.billNo, chargeNo: this.chargeNo } = readTarget(this.storage));
    makeAutoObservable<
      PaymentStore,
      'storage' | 'http' | 'bridge' | 'config' | 'pollToken' | 'clears' | 'refunds' | 'charges' | 'timing' | 'desktop'
    >(this, {
      clears: false,
      desktop: false,
      timing: false,
      storage: false,
      http: false,
      bridge: false,
      config: false,
      pollToken: false,
      refunds: false,
      charges: false,
    });
  }

  /** A one-time link to continue this payment in a browser, once asked for. */
  handoff: { url: string; expiresAt: string } | null = null;
  handoffError = '';

  /** Makes the continuation link for the order or bill being paid, on the address the customer is on. */
  async makeHandoff(): Promise<void> {
    this.handoffError = '';
    const clears = this.clears;
    const made = await toResult(
      () => postHandoffCreate(this.http, this.billNo || this.chargeNo ? '' : this.orderNo),
      (d) => d,
    );
    runInAction(() => {
      // Signed out while the link was made: it must not appear for the next customer.
      if (clears !== this.clears) return;
      if (made.ok)
        this.handoff = { url: new URL(made.value.path, window.location.origin).href, expiresAt: made.value.expiresAt };
      else this.handoffError = made.msg || ' ';
    });
  }

  /**
   * This container's row of contract/containers.ts, kept to what this deployment offers: the methods
   * it takes and the scenes its providers run. Ways that run here come first, then hand-offs.
   */
  get ways(): PayWay[] {
    return waysFor(this.bridge.platform, this.config(), this.desktop);
  }

  get container(): string {
    return this.bridge.platform;
  }

  /**
   * The buttons: everything but the methods that are only explained. A charge is paid where the
   * customer is (a continuation link names an order or the bill, not a charge), so only the
   * ways that run here; the card runs everywhere.
   */
  get choices(): PayWay[] {
    return choicesOf(this.ways, this.chargeNo !== '');
  }

  /** Methods this deployment offers that have no way in from this app, with why. */
  get unavailableHere(): { method: PayMethod; reasonKey: string }[] {
    return unavailableOf(this.ways, this.bridge.platform);
  }

  /** Pays this order, this bill or this charge from now on (and after a reload). */
  setTarget(target: PayTarget): void {
    const fields = targetFields(target);
    this.orderNo = fields.orderNo ?? '';
    this.billNo = fields.billNo ?? '';
    this.chargeNo = fields.chargeNo ?? '';
    writeTarget(this.storage, fields);
  }

  setOrder(orderNo: string): void {
    this.setTarget({ orderNo });
  }

  setBill(billNo: string): void {
    this.setTarget({ billNo });
  }

  setCharge(chargeNo: string): void {
    this.setTarget({ chargeNo });
  }

  /** The charge a pay page was opened for: what it is for and its total, one resource per number. */
  chargeOf(chargeNo: string): Resource<{ charge: ChargeToPay | null }> {
    let charge = this.charges.get(chargeNo);
    if (!charge) {
      charge = new Resource(() => fetchChargeToPay(this.http, chargeNo), { charge: null });
      this.charges.set(chargeNo, charge);
    }
    return charge;
  }

  /** Surplus payments on an order, a bill or a charge being sent back; one resource per target. */
  refundsOf(target: PayTarget): Resource<{ refunds: RefundView[] }> {
    const key = targetKey(target);
    let refunds = this.refunds.get(key);
    if (!refunds) {
      const query = targetFields(target);
      refunds = new Resource(() => fetchRefunds(this.http, query), { refunds: [] });
      this.refunds.set(key, refunds);
    }
    return refunds;
  }

  /** What is being paid, as /api/pay/create takes it. */
  get target(): PayTarget {
    return targetFields({ orderNo: this.orderNo, billNo: this.billNo, chargeNo: this.chargeNo });
  }

  get hasTarget(): boolean {
    return Boolean(this.billNo || this.orderNo || this.chargeNo);
  }

  reset(): void {
    this.pollToken += 1;
    this.phase = { kind: 'idle' };
    this.result = null;
    this.handoff = null;
    this.handoffError = '';
  }

  /**
   * Logout or a 401: stops asking about the payment, and forgets what was being paid, the
   * continuation link (it signs its holder in as the customer) and the refunds seen.
   */
  clear(): void {
    this.clears += 1;
    this.reset();
    this.orderNo = '';
    this.billNo = '';
    this.chargeNo = '';
    this.refunds.clear();
    this.charges.clear();
    writeTarget(this.storage, null);
    writeJson(this.storage, RESUME_KEY, null);
  }

  /**
   * WeChat Pay or Alipay as this container runs them (contract/containers.ts): in place through the
   * platform's bridge, by a cashier redirect, a QR code, the mini-program's pay page, or, where
   * the method cannot run, a link that continues elsewhere.
   */
  async pay(way: PayWay): Promise<void> {
    if (!isRunnable(way)) {
      this.phase =
        way.instead === 'open-in-wechat' ? { kind: 'open-in-wechat' } : { kind: 'open-in-browser', method: way.method };
      return;
    }
    if (way.method === 'card') return;
    this.phase = { kind: 'working' };
    const created = await toResult(
      () =>
        postPay(this.http, { ...this.target, method: way.method, scene: way.scene, container: this.bridge.platform }),
      (d) => d,
    );
    if (!created.ok && created.error === 'WECHAT_PAYER_REQUIRED') {
      writeJson(this.storage, RESUME_KEY, { ...this.target, way, at: Date.now() });
      if (await this.learnWechatPayer()) return;
      writeJson(this.storage, RESUME_KEY, null);
    }
    if (!created.ok) {
      runInAction(() => (this.phase = { kind: 'failed', reasonKey: `api.errors.${created.error}` }));
      return;
    }
    await this.follow(created.value, way.scene);
  }

  /**
   * Back from learning the payer's openid: the WeChat Pay the customer asked for goes on by
   * itself, once, if it was for this order, bill or charge and a few minutes ago.
   */
  resumeAfterReturn(target: PayTarget): void {
    const saved = readJson<PayTarget & { way?: PayWay; at?: number }>(this.storage, RESUME_KEY);
    if (!saved) return;
    writeJson(this.storage, RESUME_KEY, null);
    if (!sameTarget(saved, target) || !saved.way || Date.now() - (saved.at ?? 0) > RESUME_WITHIN_MS) return;
    this.setTarget(target);
    void this.pay(saved.way);
  }

  /** Card: checked here, tokenized by the gateway's script, and only the token sent to /api. */
  async payByCard(input: CardInput): Promise<Partial<Record<keyof CardInput, string>> | null> {
    const tokenized = await tokenizeCard(input, this.config(), () =>
      runInAction(() => (this.phase = { kind: 'working' })),
    );
    if ('problems' in tokenized) return tokenized.problems;
    if ('failed' in tokenized) {
      runInAction(() => (this.phase = { kind: 'failed', ...tokenized.failed }));
      return null;
    }
    const { token } = tokenized;
    const created = await toResult(
      () => postPay(this.http, { ...this.target, method: 'card', token, container: this.bridge.platform }),
      (d) => d,
    );
    if (!created.ok) {
      runInAction(() => (this.phase = { kind: 'failed', reasonKey: `api.errors.${created.error}` }));
      return null;
    }
    await this.follow(created.value, 'card');
    return null;
  }

  private async follow(created: PayCreated, scene: PayScene): Promise<void> {
    const { outcome, paymentNo } = created;
    if (outcome.kind === 'failed' && outcome.code === 'CLOSED') {
      runInAction(() => (this.phase = { kind: 'failed', reasonKey: 'payment.closed' }));
      return;
    }
    if (outcome.kind === 'failed') {
      runInAction(
        () =>
          (this.phase = { kind: 'failed', reasonKey: `card.errors.${outcome.code ?? '902'}`, cardCode: outcome.code }),
      );
      return;
    }
    if (outcome.kind === 'redirect' && outcome.url) {
      this.bridge.redirect(outcome.url);
      return;
    }
    // Scanned with a phone: the page shows the code and asks the server, longer than for a sheet.
    if (outcome.kind === 'qr' && outcome.codeUrl) {
      await this.waitForServer(paymentNo, outcome.codeUrl);
      return;
    }
    const stopped = await payInApp(this.bridge, outcome, scene, this.config()?.standInBridgeUrl ?? undefined);
    if (stopped) {
      runInAction(() => (this.phase = stopped));
      return;
    }
    await this.waitForServer(paymentNo);
  }

  /**
   * Back from a cashier the customer left without paying (its cancel or quit path): said at
   * once, with "pay again". The server is asked once all the same, and only it can say paid.
   */
  async cancelledAtCashier(paymentNo: string): Promise<void> {
    const token = ++this.pollToken;
    this.phase = { kind: 'cancelled' };
    const res = await toResult(
      () => fetchPayStatus(this.http, paymentNo),
      (d) => d,
    );
    if (token !== this.pollToken || !res.ok) return;
    runInAction(() => {
      this.result = res.value;
      if (res.value.status === 'paid') this.phase = { kind: 'paid', paymentNo, targetType: res.value.targetType };
    });
  }

  /**
   * "Querying payment status" until the server says paid or failed, asking less often as time
   * goes on, and for a limited time: a result that never comes must not hold the screen.
   */
  async waitForServer(paymentNo: string, codeUrl?: string): Promise<void> {
    const token = ++this.pollToken;
    const { firstDelayMs, maxDelayMs, slowAfterMs } = this.timing;
    // Someone scanning a code with their phone takes longer than a payment sheet.
    const limitMs = codeUrl ? this.timing.limitMs * 5 : this.timing.limitMs;
    const scan = codeUrl ? { codeUrl } : {};
    runInAction(() => (this.phase = { kind: 'querying', paymentNo, slow: false, ...scan }));
    const started = Date.now();
    let delay = firstDelayMs;
    while (token === this.pollToken) {
      const res = await toResult(
        () => fetchPayStatus(this.http, paymentNo),
        (d) => d,
      );
      if (token !== this.pollToken) return;
      if (res.ok) {
        const { status, targetType, failureCode, method } = res.value;
        runInAction(() => (this.result = res.value));
        if (status === 'paid') {
          runInAction(() => (this.phase = { kind: 'paid', paymentNo, targetType }));
          return;
        }
        const settled = failedPhase(status, failureCode, method);
        if (settled) {
          runInAction(() => (this.phase = settled));
          return;
        }
      }
      const waited = Date.now() - started;
      if (waited >= limitMs) {
        runInAction(() => (this.phase = { kind: 'unconfirmed', paymentNo }));
        return;
      }
      if (waited >= slowAfterMs && this.phase.kind === 'querying' && !this.phase.slow)
        runInAction(() => (this.phase = { kind: 'querying', paymentNo, slow: true, ...scan }));
      await new Promise((r) => setTimeout(r, Math.min(delay, Math.max(0, limitMs - waited))));
      delay = Math.min(Math.round(delay * 1.5), maxDelayMs);
    }
  }
}
