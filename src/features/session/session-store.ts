import { makeAutoObservable, runInAction } from 'mobx';
import { CODE_OK, type Lang, type UserInfo } from '../../../contract/api';
import { ApiRequestError, type HttpClient } from '../../api/http-client';
import { fetchUserInfo } from '../../api/user';
import type { Clearable } from '../../lib/clearable';
import { readJson, STORAGE_KEYS, writeJson, type KeyValueStorage } from '../../lib/persistence';

/** Who is signed in (docs/requirements.md#state). token and userinfo survive a reload. */
export class SessionStore implements Clearable {
  token: string | null;
  userinfo: UserInfo | null;
  isLogin: boolean;
  forceOauth = false;
  /** False until launch has settled who is signed in; guards wait for it. */
  launched = false;
  /**
   * The server could not be asked about a stored token (no network, a timeout, a 5xx). The
   * customer may well still be signed in: a guard offers to try again rather than the login.
   */
  unreachable = false;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly http: HttpClient,
  ) {
    this.token = readJson<string>(storage, STORAGE_KEYS.token);
    this.userinfo = readJson<UserInfo>(storage, STORAGE_KEYS.userinfo);
    // Optimistic until launch confirms it, so a returning customer sees no flash of "log in".
    this.isLogin = Boolean(this.token);
    makeAutoObservable<SessionStore, 'storage' | 'http'>(this, { storage: false, http: false });
  }

  applyUserInfo(info: UserInfo): void {
    this.userinfo = info;
    this.token = info.token;
    this.isLogin = true;
    this.forceOauth = false;
    writeJson(this.storage, STORAGE_KEYS.token, info.token);
    writeJson(this.storage, STORAGE_KEYS.userinfo, info);
  }

  /** The customer chose a language: the user info kept here says so too, until the server's next. */
  noteLang(lang: Lang): void {
    if (!this.userinfo || this.userinfo.lang === lang) return;
    this.userinfo = { ...this.userinfo, lang };
    writeJson(this.storage, STORAGE_KEYS.userinfo, this.userinfo);
  }

  /** Launch could not confirm a session: the spec (docs/requirements.md#state) sets isLogin false and forceOauth. */
  markSignedOut(tokenRejected: boolean): void {
    this.isLogin = false;
    this.forceOauth = true;
    if (tokenRejected) {
      this.token = null;
      this.userinfo = null;
      writeJson(this.storage, STORAGE_KEYS.token, null);
      writeJson(this.storage, STORAGE_KEYS.userinfo, null);
    }
  }

  /**
   * Asks the server who owns the stored token. Without a token there is nobody to ask.
   * Resolves to true when the server refused the token: whoever it was is to be forgotten.
   */
  async loadUserInfo(): Promise<boolean> {
    if (!this.token) {
      this.markSignedOut(false);
      return false;
    }
    try {
      const envelope = await fetchUserInfo(this.http);
      runInAction(() => {
        this.unreachable = false;
        if (envelope.code === CODE_OK) this.applyUserInfo(envelope.data);
        else this.markSignedOut(false);
      });
      return false;
    } catch (error) {
      const rejected = error instanceof ApiRequestError && error.status === 401;
      runInAction(() => {
        this.unreachable = !rejected;
        this.markSignedOut(rejected);
      });
      return rejected;
    }
  }

  markLaunched(): void {
    this.launched = true;
  }

  /**
   * Logout (docs/requirements.md#state): forgets the token and user info and sets forceOauth. The root
   * store clears the rest of local storage (and every other store) with it.
   */
  clear(): void {
    this.markSignedOut(true);
  }
}
