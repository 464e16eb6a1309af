import type { z } from 'zod';
import type { Lang, SignedIn, UserInfo } from '../../../contract/api';
import {
  postActivation,
  postEmailCode,
  postFastRegister,
  postLogin,
  postLogout,
  postProfile,
  postRegister,
  postRetrieve,
} from '../../api/account';
import { postHandoffRedeem, type HandoffNext } from '../../api/handoff';
import { postLang } from '../../api/user';
import type { FormFields, HttpClient } from '../../api/http-client';
import { toResult, type ActionResult } from '../../lib/action-result';
import type { Clearable } from '../../lib/clearable';
import type { SignIn } from '../../../contract/containers';
import type { PlatformBridge } from '../../../bridges/types';
import type { SessionStore } from './session-store';
import type { OAuthSettings, PlatformSignIn } from './platform-sign-in';

export type { OAuthSettings } from './platform-sign-in';

type Fields = Record<string, string>;

type Rules = typeof import('../../../contract/account-rules');

// The field rules bring zod; they load with the first form submitted, not with the home page.
let rulesModule: Promise<Rules> | null = null;
const rules = () => (rulesModule ??= import('../../../contract/account-rules'));

async function invalid<T>(pick: (r: Rules) => z.ZodType<T>, input: unknown): Promise<ActionResult<never> | null> {
  const r = await rules();
  const result = r.validate(pick(r), input);
  return result.ok ? null : { ok: false, msg: '', error: result.first, fields: result.fields };
}

export interface AccountStoreOptions {
  http: HttpClient;
  session: SessionStore;
  bridge: PlatformBridge;
  /** The server's OAuth settings (AppConfigStore), null until the first launch brought them. */
  oauthSettings: () => OAuthSettings | null;
  afterSignOut: () => void;
  /** This container's sign-in (contract/containers.ts). */
  signIn: SignIn;
  /** Told of every sign-in, whichever way: the app then shows the account's language. */
  afterSignIn?: (user: UserInfo) => void;
}

/** Everything that signs a customer in or changes their account, checked before it is sent. */
export class AccountStore implements Clearable {
  /** The language saves in order: each waits for the one before, so the last choice is kept. */
  private languageSaves: Promise<ActionResult> = Promise.resolve({ ok: true, msg: '', value: undefined });

  private readonly http: HttpClient;
  private readonly session: SessionStore;
  private readonly bridge: PlatformBridge;
  private readonly oauthSettings: () => OAuthSettings | null;
  private readonly afterSignOut: () => void;
  private readonly signInKind: SignIn;
  private readonly afterSignIn: (user: UserInfo) => void;
  private platformCode: Promise<PlatformSignIn> | null = null;

  constructor(options: AccountStoreOptions) {
    this.http = options.http;
    this.session = options.session;
    this.bridge = options.bridge;
    this.oauthSettings = options.oauthSettings;
    this.afterSignOut = options.afterSignOut;
    this.signInKind = options.signIn;
    this.afterSignIn = options.afterSignIn ?? (() => undefined);
  }

  // A phone's browser signs in by e-mail only: the WeChat, Alipay and mini-program sign-in code
  // loads in those containers alone, and not before the home page has painted.
  private platform(): Promise<PlatformSignIn> {
    return (this.platformCode ??= import('./platform-sign-in').then(
      ({ PlatformSignIn }) =>
        new PlatformSignIn({
          http: this.http,
          session: this.session,
          bridge: this.bridge,
          oauthSettings: this.oauthSettings,
          signInKind: this.signInKind,
          signIn: (data) => this.signIn(data),
        }),
    ));
  }

  /** Holds nothing of its own: the session it signs in is cleared by the session store. */
  clear(): void {}

  /**
   * A signed-in customer chose a language: saved to the account, which mail, SMS and WeChat
   * messages are written in and which every sign-in shows. Only while the session it was
   * chosen in lasts: after a logout it would be sent for nobody, or for the next customer.
   */
  saveLanguage(lang: Lang): Promise<ActionResult> {
    const token = this.session.token;
    if (!token || !this.session.isLogin) return this.languageSaves;
    this.session.noteLang(lang);
    const skipped: ActionResult = { ok: true, msg: '', value: undefined };
    this.languageSaves = this.languageSaves.then(() =>
      this.session.token === token
        ? toResult(
            () => postLang(this.http, lang, token),
            () => undefined,
          )
        : skipped,
    );
    return this.languageSaves;
  }

  /** Resolves once every language choice made so far was saved or given up. */
  async languageSaved(): Promise<void> {
    await this.languageSaves;
  }

  /** This container's own sign-in, besides e-mail (contract/containers.ts). */
  get platformSignIn(): SignIn {
    return this.signInKind;
  }

  private signIn(data: SignedIn): UserInfo {
    this.session.applyUserInfo(data.userinfo);
    this.afterSignIn(data.userinfo);
    return data.userinfo;
  }

  /**
   * Signs in with a one-time continuation link; says which order it opens, and whether at its
   * payment, its identity check (`next`, issue 29) or its eSIM install (issue 30).
   */
  async continueWith(token: string): Promise<ActionResult<{ orderNo: string | null; next: HandoffNext }>> {
    return toResult(
      () => postHandoffRedeem(this.http, token),
      (d) => {
        this.signIn(d);
        // A server newer than the app may name a step it does not know: the payment, as before.
        const next: HandoffNext = d.next === 'verify' || d.next === 'esim' ? d.next : 'pay';
        return { orderNo: d.orderNo, next };
      },
    );
  }

  async login(form: Fields): Promise<ActionResult<UserInfo>> {
    return (
      (await invalid((r) => r.loginSchema, form)) ??
      toResult(
        () => postLogin(this.http, form),
        (d) => this.signIn(d),
      )
    );
  }

  async register(form: Fields, agreed: boolean): Promise<ActionResult<UserInfo>> {
    const problem = await invalid((r) => r.registerSchema, form);
    if (problem) return problem;
    if (!agreed) return { ok: false, msg: '', error: 'AGREEMENT_REQUIRED', fields: { agree: 'AGREEMENT_REQUIRED' } };
    return toResult(
      () => postRegister(this.http, form),
      (d) => this.signIn(d),
    );
  }

  async fastRegister(email: string): Promise<ActionResult<UserInfo>> {
    const form = { email };
    return (
      (await invalid((r) => r.emailOnlySchema, form)) ??
      toResult(
        () => postFastRegister(this.http, form),
        (d) => this.signIn(d),
      )
    );
  }

  /** Sends an activation or password-reset code (the answer never says whether the address exists). */
  async sendCode(kind: 'activation' | 'retrieve', email: string): Promise<ActionResult> {
    const form = { email };
    const post = kind === 'activation' ? postActivation : postRetrieve;
    return (
      (await invalid((r) => r.emailOnlySchema, form)) ??
      toResult(
        () => post(this.http, form),
        () => undefined,
      )
    );
  }

  async setPassword(kind: 'activation' | 'retrieve', form: Fields): Promise<ActionResult<UserInfo>> {
    const post = kind === 'activation' ? postActivation : postRetrieve;
    return (
      (await invalid((r) => r.setPasswordWithCodeSchema, form)) ??
      toResult(
        () => post(this.http, form),
        (d) => this.signIn(d as SignedIn),
      )
    );
  }

  async sendEmailCode(email: string): Promise<ActionResult> {
    const form = { email, event: 'change_email' };
    return (
      (await invalid((r) => r.emailOnlySchema, { email })) ??
      toResult(
        () => postEmailCode(this.http, form),
        () => undefined,
      )
    );
  }

  async updateProfile(form: Fields): Promise<ActionResult<UserInfo>> {
    const cleaned: FormFields = {
      username: form.username,
      email: form.email || undefined,
      code: form.code || undefined,
    };
    return (
      (await invalid((r) => r.profileSchema, cleaned)) ??
      toResult(
        () => postProfile(this.http, cleaned),
        // Not a sign-in: the customer stays on the screen, in the language it shows.
        (d) => {
          this.session.applyUserInfo(d.userinfo);
          return d.userinfo;
        },
      )
    );
  }

  /** Signed out here at once (nothing on screen may still look signed in), then on the server. */
  async logout(): Promise<void> {
    const token = this.session.token;
    this.afterSignOut();
    if (token) await postLogout(this.http, token).catch(() => undefined);
  }

  /**
   * Signs in through the platform this page runs in (contract/containers.ts): WeChat leaves for its
   * authorization page, silently first (snsapi_base), and comes back with a code; Alipay hands
   * a code over in place; a mini-program's web view asks the mini-program for a new ticket.
   */
  async signInWithPlatform(asked = false): Promise<'redirected' | 'signed-in' | 'cancelled' | 'unavailable'> {
    if (this.signInKind === 'email') return 'unavailable';
    // Its code could not be fetched (offline): the login page is still there.
    const platform = await this.platform().catch(() => null);
    return platform ? platform.signInWithPlatform(asked) : 'unavailable';
  }

  /**
   * Before WeChat Pay inside WeChat, for a customer who signed in another way: a silent
   * snsapi_base round trip tells the server their openid. False where it cannot run.
   */
  async learnWechatPayer(): Promise<boolean> {
    if (this.signInKind !== 'wechat-oauth') return false;
    const platform = await this.platform().catch(() => null);
    return platform ? platform.learnWechatPayer() : false;
  }

  /** At launch: back from WeChat's authorization page, or in a mini-program's web view with its ticket. */
  async completeOAuthReturn(): Promise<void> {
    if (this.signInKind === 'email') return;
    await (await this.platform()).completeOAuthReturn();
  }
}
