import type { z } from 'zod';
import type { SignedIn, UserInfo } from '../../../contract/api';
import {
  postActivation,
  postAuthCode,
  postEmailCode,
  postFastRegister,
  postLogin,
  postLogout,
  postProfile,
  postRegister,
  postRetrieve,
} from '../../api/account';
import { postHandoffRedeem } from '../../api/handoff';
import type { FormFields, HttpClient } from '../../api/http-client';
import { toResult, type ActionResult } from '../../lib/action-result';
import {
  currentUrl,
  newOAuthState,
  readOAuthReturn,
  stripOAuthReturn,
  takeExpectedOAuthState,
} from '../../../bridges/oauth-return';
import type { PlatformBridge } from '../../../bridges/types';
import type { SessionStore } from './session-store';

export interface OAuthSettings {
  wechatAppId: string;
  wechatAuthorizeUrl: string;
}

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

/** Everything that signs a customer in or changes their account, checked before it is sent. */
export class AccountStore {
  constructor(
    private readonly http: HttpClient,
    private readonly session: SessionStore,
    private readonly bridge: PlatformBridge,
    private readonly oauthSettings: () => OAuthSettings | null,
    private readonly afterSignOut: () => void,
  ) {}

  private signIn(data: SignedIn): UserInfo {
    this.session.applyUserInfo(data.userinfo);
    return data.userinfo;
  }

  /** Signs in with a one-time continuation link; says which order's payment it opens. */
  async continueWith(token: string): Promise<ActionResult<{ orderNo: string | null }>> {
    return toResult(
      () => postHandoffRedeem(this.http, token),
      (d) => {
        this.signIn(d);
        return { orderNo: d.orderNo };
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
        (d) => this.signIn(d),
      )
    );
  }

  /** Revokes the token on the server, then forgets everything locally even if that failed. */
  /** Signed out here at once (nothing on screen may still look signed in), then on the server. */
  async logout(): Promise<void> {
    const token = this.session.token;
    this.afterSignOut();
    if (token) await postLogout(this.http, token).catch(() => undefined);
  }

  /**
   * Signs in through the platform this page runs in: WeChat leaves for its consent page
   * (and the page comes back with a code), Alipay hands a code over in place.
   */
  async signInWithPlatform(): Promise<'redirected' | 'signed-in' | 'unavailable'> {
    const settings = this.oauthSettings();
    if (this.bridge.platform === 'browser' || !settings) return 'unavailable';
    const outcome = await this.bridge.login({
      authorizeUrl: settings.wechatAuthorizeUrl,
      appId: settings.wechatAppId,
      returnUrl: currentUrl(),
      state: newOAuthState(),
    });
    if (outcome.kind === 'redirected') return 'redirected';
    if (outcome.kind === 'none') return 'unavailable';
    const result = await toResult(
      () => postAuthCode(this.http, { auth_code: outcome.code, platform: 'alipay' }),
      (d) => this.signIn(d),
    );
    return result.ok ? 'signed-in' : 'unavailable';
  }

  /** Back from WeChat's consent page: exchange the code once, then remove it from the URL. */
  async completeOAuthReturn(): Promise<void> {
    if (this.bridge.platform !== 'wechat' && this.bridge.platform !== 'wechat-miniprogram') return;
    const back = readOAuthReturn();
    if (!back) return;
    const expected = takeExpectedOAuthState();
    try {
      if (expected && expected === back.state) {
        await toResult(
          () => postAuthCode(this.http, { auth_code: back.code, platform: 'wechat' }),
          (d) => this.signIn(d),
        );
      }
    } finally {
      stripOAuthReturn();
    }
  }
}
