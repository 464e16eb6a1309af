import type { SignedIn, UserInfo } from '../../../contract/api';
import { postAuthCode, postWechatPayer } from '../../api/account';
import { postHandoffRedeem } from '../../api/handoff';
import type { HttpClient } from '../../api/http-client';
import { toResult } from '../../lib/action-result';
import type { SignIn } from '../../../contract/containers';
import {
  currentUrl,
  newOAuthState,
  noteOAuthAttempt,
  notePayerBinding,
  readMiniProgramTicket,
  readOAuthReturn,
  recentOAuthAttempt,
  stripMiniProgramTicket,
  stripOAuthReturn,
  takeExpectedOAuthState,
  takePayerBinding,
} from '../../../bridges/oauth-return';
import type { PlatformBridge } from '../../../bridges/types';
import type { SessionStore } from './session-store';

export interface OAuthSettings {
  wechatAppId: string;
  wechatAuthorizeUrl: string;
  /** Sandbox: the script playing the apps' sheets (/sandbox/bridge.js); null when live. */
  standInUrl?: string | null;
}

export interface PlatformSignInOptions {
  http: HttpClient;
  session: SessionStore;
  bridge: PlatformBridge;
  oauthSettings: () => OAuthSettings | null;
  signInKind: SignIn;
  /** Applies a sign-in to the session (the account store's). */
  signIn: (data: SignedIn) => UserInfo;
}

/** Sign-in through the app the page runs in: WeChat OAuth, Alipay's code, a mini-program's ticket. */
export class PlatformSignIn {
  private readonly http: HttpClient;
  private readonly session: SessionStore;
  private readonly bridge: PlatformBridge;
  private readonly oauthSettings: () => OAuthSettings | null;
  private readonly signInKind: SignIn;
  private readonly signIn: (data: SignedIn) => UserInfo;

  constructor(options: PlatformSignInOptions) {
    this.http = options.http;
    this.session = options.session;
    this.bridge = options.bridge;
    this.oauthSettings = options.oauthSettings;
    this.signInKind = options.signInKind;
    this.signIn = options.signIn;
  }

  /**
   * Signs in through the platform this page runs in (contract/containers.ts): WeChat leaves for its
   * authorization page, silently first (snsapi_base), and comes back with a code; Alipay hands
   * a code over in place; a mini-program's web view asks the mini-program for a new ticket.
   */
  async signInWithPlatform(asked = false): Promise<'redirected' | 'signed-in' | 'cancelled' | 'unavailable'> {
    const settings = this.oauthSettings();
    if (this.signInKind === 'email' || !settings) return 'unavailable';
    // Back from a platform sign-in without a code: the customer declined; offer the login page
    // (unless they pressed the button there).
    if (recentOAuthAttempt() && !asked) return 'unavailable';
    const outcome = await this.leaveFor(settings, 'snsapi_base');
    if (outcome.kind === 'redirected') return 'redirected';
    if (outcome.kind === 'cancelled') return 'cancelled';
    if (outcome.kind === 'none') return 'unavailable';
    const result = await toResult(
      () => postAuthCode(this.http, { auth_code: outcome.code, platform: 'alipay' }),
      (d) => this.signIn(d),
    );
    return result.ok ? 'signed-in' : 'unavailable';
  }

  /**
   * Before WeChat Pay inside WeChat, for a customer who signed in another way: a silent
   * snsapi_base round trip tells the server their openid. False where it cannot run.
   */
  async learnWechatPayer(): Promise<boolean> {
    const settings = this.oauthSettings();
    if (this.signInKind !== 'wechat-oauth' || !settings) return false;
    notePayerBinding();
    return (await this.leaveFor(settings, 'snsapi_base')).kind === 'redirected';
  }

  private async leaveFor(settings: OAuthSettings, scope: 'snsapi_base' | 'snsapi_userinfo') {
    const outcome = await this.bridge.login({
      authorizeUrl: settings.wechatAuthorizeUrl,
      appId: settings.wechatAppId,
      returnUrl: currentUrl(),
      state: newOAuthState(),
      scope,
      standInUrl: settings.standInUrl ?? undefined,
    });
    if (outcome.kind === 'redirected') noteOAuthAttempt();
    return outcome;
  }

  /**
   * At launch: back from WeChat's authorization page, exchange the code once and remove it from
   * the URL (a silent sign-in of someone without an account asks for consent next); or, in a
   * mini-program's web view, use the ticket the mini-program put in the URL.
   */
  async completeOAuthReturn(): Promise<void> {
    if (this.signInKind === 'mini-program-ticket') {
      const ticket = readMiniProgramTicket();
      if (!ticket) return;
      try {
        await toResult(
          () => postHandoffRedeem(this.http, ticket),
          (d) => this.signIn(d),
        );
      } finally {
        stripMiniProgramTicket();
      }
      return;
    }
    if (this.signInKind !== 'wechat-oauth') return;
    const back = readOAuthReturn();
    if (!back) return;
    const expected = takeExpectedOAuthState();
    recentOAuthAttempt();
    const forPayer = takePayerBinding();
    let consentNeeded = false;
    try {
      if (expected && expected === back.state && forPayer && this.session.token) {
        await toResult(
          () => postWechatPayer(this.http, { auth_code: back.code }),
          () => undefined,
        );
      } else if (expected && expected === back.state) {
        const result = await toResult(
          () => postAuthCode(this.http, { auth_code: back.code, platform: 'wechat' }),
          (d) => this.signIn(d),
        );
        consentNeeded = !result.ok && result.error === 'OAUTH_CONSENT_REQUIRED';
      }
    } finally {
      stripOAuthReturn();
    }
    const settings = this.oauthSettings();
    if (consentNeeded && settings) await this.leaveFor(settings, 'snsapi_userinfo');
  }
}
