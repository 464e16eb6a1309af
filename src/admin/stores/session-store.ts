import { makeAutoObservable, runInAction } from 'mobx';
import type { StaffMe, TotpSetup } from '../../../contract/staff-rules';
import { allows, type Permission, type StaffStage } from '../../../contract/staff-roles';
import type { SessionApi } from '../api/session-endpoints';
import { Action, Loadable } from './loadable';

/** Where the console stands: asking the server, signed out, or a sign-in stage. */
export type SessionPhase = 'checking' | 'signed-out' | StaffStage;

/**
 * The staff member signed in, and the sign-in steps: password, the authenticator (set up by
 * QR the first time), a password of one's own. The session itself is an HttpOnly cookie the
 * page never sees; the page keeps only the CSRF token each change echoes.
 */
export class SessionStore {
  phase: SessionPhase = 'checking';
  staff: StaffMe['staff'] | null = null;
  csrf = '';
  /** Why the sign-in page shows: the session ended (a 401), or the staff member signed out. */
  notice: '' | 'expired' | 'signed-out' = '';
  readonly totp = new Loadable<TotpSetup>();

  readonly signIn = new Action(async (login: string, password: string) => {
    const me = await this.api.login(login, password);
    runInAction(() => {
      this.notice = '';
      this.apply(me);
    });
  });

  readonly code = new Action(async (code: string) => {
    const { stage } = await this.api.totp(code);
    runInAction(() => this.moveTo(stage));
  });

  readonly password = new Action(async (password: string) => {
    const { stage } = await this.api.newPassword(password);
    runInAction(() => this.moveTo(stage));
  });

  readonly signOut = new Action(async () => {
    try {
      await this.api.logout();
    } finally {
      runInAction(() => this.end('signed-out'));
    }
  });

  constructor(
    private readonly api: SessionApi,
    /** Everything else the console holds is forgotten when the session ends. */
    private readonly onEnded: () => void,
  ) {
    makeAutoObservable<SessionStore, 'api' | 'onEnded'>(this, { api: false, onEnded: false });
  }

  /** At start: a session the browser still has continues where it was. */
  async check(): Promise<void> {
    try {
      const me = await this.api.me();
      runInAction(() => this.apply(me));
    } catch {
      runInAction(() => {
        if (this.phase === 'checking') this.phase = 'signed-out';
      });
    }
  }

  /** Any 401: back to sign-in, saying why. */
  expire(): void {
    if (this.phase === 'checking' || this.phase === 'signed-out') {
      this.phase = 'signed-out';
      return;
    }
    this.end('expired');
  }

  can(permission: Permission): boolean {
    return this.staff !== null && allows(this.staff.role, permission);
  }

  loadTotp(): Promise<void> {
    return this.totp.load(() => this.api.totpSetup());
  }

  private apply(me: StaffMe): void {
    this.staff = me.staff;
    this.csrf = me.csrf;
    this.moveTo(me.stage);
  }

  private moveTo(stage: StaffStage): void {
    this.phase = stage;
    // The secret is on screen only while it is being set up.
    if (stage !== 'totp-setup') this.totp.reset();
  }

  private end(notice: 'expired' | 'signed-out'): void {
    this.phase = 'signed-out';
    this.notice = notice;
    this.staff = null;
    this.csrf = '';
    this.totp.reset();
    for (const action of [this.signIn, this.code, this.password]) action.clear();
    this.onEnded();
  }
}
