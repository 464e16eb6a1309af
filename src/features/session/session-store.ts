import { makeAutoObservable, runInAction } from 'mobx';
import { CODE_OK, type UserInfo } from '../../../contract/api';
import { ApiRequestError, type HttpClient } from '../../api/http-client';
import { fetchUserInfo } from '../../api/user';
import { clearAll, readJson, STORAGE_KEYS, writeJson, type KeyValueStorage } from '../../lib/persistence';

/** Who is signed in (SPEC.md sections 3 and 4). token and userinfo survive a reload. */
export class SessionStore {
  token: string | null;
  userinfo: UserInfo | null;
  isLogin: boolean;
  forceOauth = false;
  /** False until launch has settled who is signed in; guards wait for it. */
  launched = false;

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

  /** Launch could not confirm a session: SPEC.md section 4 sets isLogin false and forceOauth. */
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

  /** Asks the server who owns the stored token. Without a token there is nobody to ask. */
  async loadUserInfo(): Promise<void> {
    if (!this.token) {
      this.markSignedOut(false);
      return;
    }
    try {
      const envelope = await fetchUserInfo(this.http);
      runInAction(() => {
        if (envelope.code === CODE_OK) this.applyUserInfo(envelope.data);
        else this.markSignedOut(false);
      });
    } catch (error) {
      const rejected = error instanceof ApiRequestError && error.status === 401;
      runInAction(() => this.markSignedOut(rejected));
    }
  }

  markLaunched(): void {
    this.launched = true;
  }

  /**
   * The server no longer accepts the token (a 401 mid-session): forget the session but
   * keep the rest of local storage, such as a purchase draft, for after signing in again.
   */
  expire(): void {
    this.markSignedOut(true);
  }

  /** SPEC.md section 4: clears the token, user info and all local storage, and sets forceOauth. */
  logout(): void {
    this.token = null;
    this.userinfo = null;
    this.isLogin = false;
    this.forceOauth = true;
    clearAll(this.storage);
  }
}
