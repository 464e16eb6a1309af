import { makeAutoObservable, runInAction } from 'mobx';
import type { Container } from '../../../contract/containers';
import { isOnlineMethod, type IdentityMethod, type OnlineMethod } from '../../../contract/identity-rules';
import type { PlatformBridge } from '../../../bridges/types';
import { postHandoffCreate } from '../../api/handoff';
import type { HttpClient } from '../../api/http-client';
import { fetchIdentityStatus, postIdentityStart, type IdentityState } from '../../api/identity';
import { toResult } from '../../lib/action-result';
import { drawnDataHeld } from '../../lib/resource';
import type { Clearable } from '../../lib/clearable';
import { readJson, writeJson, type KeyValueStorage } from '../../lib/persistence';
import { IDENTITY_POLL_TIMING, documentVisibility, type IdentityPollTiming, type Visibility } from './identity-polling';
import { isFinal, mustVerifyBeforePaying, verifyViewOf, type VerifyView } from './identity-view';

export { IDENTITY_POLL_TIMING, type IdentityPollTiming, type Visibility } from './identity-polling';
export type { VerifyAction, VerifyView } from './identity-view';

export interface IdentityStoreOptions {
  http: HttpClient;
  /** The container's bridge: its platform decides link or hand-off, and only it may leave the page. */
  bridge: PlatformBridge;
  storage: KeyValueStorage;
  /** A computer rather than a phone: it cannot read an IC chip, so the provider's page is a QR code. */
  desktop?: boolean;
  timing?: IdentityPollTiming;
  visibility?: Visibility;
}

/** A verification begun on this device: the provider's address, kept across a reload. */
export interface StartedVerification {
  orderNo: string;
  method: OnlineMethod;
  verificationNo: string;
  url: string;
  expiresAt: string;
}

const STORAGE_KEY = 'identity';
/** Containers where the provider's app opens from the page: a browser, nowhere inside an app. */
const OPENS_PROVIDER: readonly Container[] = ['browser'];

/**
 * The identity check of one order (issue 29): which methods it may use, starting one with the
 * eKYC provider, following the server's word on it, and, inside WeChat, Alipay or a
 * mini-program (where the provider's app cannot open), a one-time link to go on in a browser.
 */
export class IdentityStore implements Clearable {
  orderNo = '';
  state: IdentityState | null = null;
  loading = false;
  loadError = '';
  /** The verification begun here, for the "open the app" button and its QR code. */
  started: StartedVerification | null = null;
  /** The method being started while its request runs. */
  starting: OnlineMethod | null = null;
  startError = '';
  /** The continuation link (next=verify), inside an app. */
  handoff: { url: string; expiresAt: string } | null = null;
  handoffBusy = false;
  handoffError = '';
  /** True while the page keeps asking the server by itself. */
  polling = false;

  private pollToken = 0;
  private clears = 0;
  private stopVisibility: (() => void) | null = null;
  private readonly http: HttpClient;
  private readonly bridge: PlatformBridge;
  private readonly storage: KeyValueStorage;
  private readonly desktop: boolean;
  private readonly timing: IdentityPollTiming;
  private readonly visibility: Visibility;

  constructor(options: IdentityStoreOptions) {
    this.http = options.http;
    this.bridge = options.bridge;
    this.storage = options.storage;
    this.desktop = options.desktop ?? false;
    this.timing = options.timing ?? IDENTITY_POLL_TIMING;
    this.visibility = options.visibility ?? documentVisibility;
    makeAutoObservable<
      IdentityStore,
      'pollToken' | 'clears' | 'stopVisibility' | 'http' | 'bridge' | 'storage' | 'desktop' | 'timing' | 'visibility'
    >(this, {
      pollToken: false,
      clears: false,
      stopVisibility: false,
      http: false,
      bridge: false,
      storage: false,
      desktop: false,
      timing: false,
      visibility: false,
    });
  }

  /** Inside an app (WeChat, Alipay, a mini-program, WeCom): the check goes on in a browser. */
  get needsHandoff(): boolean {
    return !OPENS_PROVIDER.includes(this.bridge.platform);
  }

  /** In a phone's browser the provider's app opens at once; a computer shows its QR code only. */
  get opensProviderHere(): boolean {
    return !this.needsHandoff && !this.desktop;
  }

  /** The online methods this order may use, in the order offered. */
  get onlineMethods(): OnlineMethod[] {
    return (this.state?.methods ?? []).filter(isOnlineMethod);
  }

  /** Every method the order may use, photos aside (those are part of step 2). */
  get methods(): IdentityMethod[] {
    return (this.state?.methods ?? []).filter((m) => m !== 'photos');
  }

  /** Checked at the store when the SIM is collected: payment comes first. */
  get counterAllowed(): boolean {
    return this.state?.methods.includes('counter') ?? false;
  }

  /**
   * The pay step shows "verify your identity first" instead of its buttons: the server refuses
   * payment until an online check passed, unless photos or the counter verify this order.
   */
  get mustVerifyBeforePaying(): boolean {
    return mustVerifyBeforePaying(this.state);
  }

  /** The server's word is final: nothing more will change without the customer. */
  get final(): boolean {
    return isFinal(this.state);
  }

  get view(): VerifyView {
    return verifyViewOf(this.state, this.loading, this.loadError);
  }

  /** The verification begun here for this order, while its link is still good. */
  get startedHere(): StartedVerification | null {
    const started = this.started;
    if (!started || started.orderNo !== this.orderNo) return null;
    const expires = Date.parse(started.expiresAt);
    return Number.isFinite(expires) && expires <= Date.now() ? null : started;
  }

  /**
   * Shows one order's check: its state from the server, a verification begun here before a
   * reload, and the server followed until its word is final. `quiet` (an order's page) follows
   * only where a word is awaited: a check running, or one needed before payment.
   */
  async open(orderNo: string, { quiet = false }: { quiet?: boolean } = {}): Promise<void> {
    // The pay step was drawn with this check a moment ago (holdDrawnData in lib/resource.ts): not asked twice.
    const drawn = drawnDataHeld() && orderNo === this.orderNo && this.state !== null;
    this.select(orderNo);
    if (!orderNo) return;
    if (!drawn) await this.load();
    if (orderNo !== this.orderNo || this.final) return;
    if (!quiet || this.mustVerifyBeforePaying || this.state?.latest?.status === 'pending') this.follow();
  }

  /**
   * One order's check as the server states it now, without following it: what the pay step
   * draws on the server and hydrates with, before `open` takes over in the browser.
   */
  async show(orderNo: string): Promise<void> {
    this.select(orderNo);
    await this.load();
  }

  private select(orderNo: string): void {
    if (orderNo !== this.orderNo) {
      this.stop();
      this.orderNo = orderNo;
      this.state = null;
      this.loadError = '';
      this.startError = '';
      this.handoff = null;
      this.handoffError = '';
      const saved = readJson<StartedVerification>(this.storage, STORAGE_KEY);
      this.started = saved?.orderNo === orderNo ? saved : null;
    }
  }

  /** Asks the server once; a failure is said, with what was known before kept. */
  async load(): Promise<void> {
    const orderNo = this.orderNo;
    if (!orderNo) return;
    const clears = this.clears;
    this.loading = true;
    const answer = await toResult(
      () => fetchIdentityStatus(this.http, orderNo),
      (d) => d,
    );
    runInAction(() => {
      if (clears !== this.clears || orderNo !== this.orderNo) return;
      this.loading = false;
      if (answer.ok) {
        this.state = answer.value;
        this.loadError = '';
      } else this.loadError = answer.msg || `api.errors.${answer.error}`;
    });
  }

  /** "Check again": asks at once, and follows again if the word is not final. */
  async refresh(): Promise<void> {
    await this.load();
    if (!this.final) this.follow();
  }

  /**
   * Starts a check by the IC chip or JPKI. In a phone's browser the provider's app opens;
   * on a computer its QR code is shown for a phone. Inside an app this makes the continuation
   * link instead: the provider's app cannot be opened from there.
   */
  async start(method: OnlineMethod): Promise<void> {
    if (this.starting || !this.orderNo) return;
    if (this.needsHandoff) {
      await this.makeHandoff();
      this.follow();
      return;
    }
    const orderNo = this.orderNo;
    const clears = this.clears;
    this.starting = method;
    this.startError = '';
    const answer = await toResult(
      () => postIdentityStart(this.http, orderNo, method),
      (d) => d,
    );
    if (clears !== this.clears) return;
    const current = orderNo === this.orderNo;
    runInAction(() => {
      this.starting = null;
      if (!current) return;
      if (!answer.ok) {
        this.startError = answer.msg || `api.errors.${answer.error}`;
        return;
      }
      // Absolute, for the QR code a phone scans (a sandbox provider may answer with a path).
      const url = new URL(answer.value.url, window.location.origin).href;
      this.started = { orderNo, method, ...answer.value, url };
      writeJson(this.storage, STORAGE_KEY, this.started);
    });
    if (!answer.ok || !current) return;
    await this.load();
    this.follow();
    if (this.opensProviderHere) this.openProvider();
  }

  /** "Verify again" after a failed check: the same method again where it may still be used. */
  async retry(): Promise<void> {
    const last = this.state?.latest?.method;
    const method = last && isOnlineMethod(last) && this.onlineMethods.includes(last) ? last : this.onlineMethods[0];
    if (method) await this.start(method);
  }

  /** Opens the provider's page (its app) through the bridge: only bridges/ leave the page. */
  openProvider(): void {
    const url = this.startedHere?.url ?? '';
    if (/^https?:\/\//i.test(url)) this.bridge.redirect(url);
  }

  /** The one-time link that continues this check in the phone's browser, signed in as this customer. */
  async makeHandoff(): Promise<void> {
    if (this.handoffBusy || !this.orderNo) return;
    const clears = this.clears;
    this.handoffBusy = true;
    this.handoffError = '';
    const made = await toResult(
      () => postHandoffCreate(this.http, this.orderNo, 'verify'),
      (d) => d,
    );
    runInAction(() => {
      // Signed out while the link was made: it must not appear for the next customer.
      if (clears !== this.clears) return;
      this.handoffBusy = false;
      if (made.ok)
        this.handoff = { url: new URL(made.value.path, window.location.origin).href, expiresAt: made.value.expiresAt };
      else this.handoffError = made.msg || 'identity.verify.handoffFailed';
    });
  }

  /**
   * Follows the server until its word is final, asking less often as time goes on; behind
   * another app it pauses, and coming back asks at once and follows again.
   */
  follow(): void {
    if (!this.stopVisibility) {
      this.stopVisibility = this.visibility.onChange(() => {
        if (!this.visibility.hidden() && this.orderNo) void this.refresh();
      });
    }
    if (this.polling) return;
    void this.poll();
  }

  /** Leaving the page: no more questions, and no listener left behind. */
  stop(): void {
    this.pollToken += 1;
    this.polling = false;
    this.stopVisibility?.();
    this.stopVisibility = null;
  }

  private async poll(): Promise<void> {
    const token = ++this.pollToken;
    this.polling = true;
    const started = Date.now();
    let delay = this.timing.firstDelayMs;
    while (token === this.pollToken) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (token !== this.pollToken) return;
      // Behind another app: the return asks at once (the visibility listener).
      if (this.visibility.hidden()) break;
      await this.load();
      if (token !== this.pollToken) return;
      if (this.final || Date.now() - started >= this.timing.limitMs) break;
      delay = Math.min(Math.round(delay * 1.5), this.timing.maxDelayMs);
    }
    if (token === this.pollToken) runInAction(() => (this.polling = false));
  }

  /** Logout or a 401: stops asking and forgets the order, its link and the provider's address. */
  clear(): void {
    this.clears += 1;
    this.stop();
    this.orderNo = '';
    this.state = null;
    this.loading = false;
    this.loadError = '';
    this.started = null;
    this.starting = null;
    this.startError = '';
    this.handoff = null;
    this.handoffBusy = false;
    this.handoffError = '';
    writeJson(this.storage, STORAGE_KEY, null);
  }
}
