import { makeAutoObservable, runInAction } from 'mobx';
import type { StaffMe, TotpSetup } from '../../../contract/staff-rules';
import { allows, type Permission, type StaffStage } from '../../../contract/staff-roles';
import type { SessionApi } from '../api/session-endpoints';
import { Action, Loadable } from './loadable';

/** Where the console stands: asking the server, signed out, or a sign-in stage. */
export type SessionPhase = 'checking' | 'signed-out' | StaffStage;

// Whether this browser had a staff session when the page last knew (no secret: the session is
// an HttpOnly cookie only /api/admin receives). Without one, the check at start can hardly
// find a session: the sign-in screen shows at once instead of after the check's round trip.
const HAD_SESSION_KEY = 'sm-admin-session';

function hadSession(): boolean {
  try {
    return localStorage.getItem(HAD_SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberSession(had: boolean): void {
  try {
    if (had) localStorage.setItem(HAD_SESSION_KEY, '1');
    else localStorage.removeItem(HAD_SESSION_KEY);
  } catch {
    // Only the shortcut is lost: the next start waits for the check.
  }
}

/**
 * The staff member signed in, and the sign-in steps: password, the authenticator (set up by
 * QR the first time), a password of one's own. The session itself is an HttpOnly cookie the
 * page never sees; the page keeps only the CSRF token each change echoes.
 */
export class SessionStore {
  /** Signed out at once when this browser had no session; the check at start still runs. */
  phase: SessionPhase = hadSession() ? 'checking' : 'signed-out';
  staff: StaffMe['staff'] | null = null;
  csrf = '';
  /** Why the sign-in page shows: the session ended (a 401), or the staff member signed out. */
  notice: '' | 'expired' | 'signed-out' = '';
  readonly totp = new Loadable<TotpSetup>();
  /** The check at start, answered (either way). */
  private checked: Promise<void> = Promise.resolve();

  readonly signIn = new Action(async (login: string, password: string) => {
    // The check's refusal (a 401) must not end the session this sign-in opens.
    await this.checked;
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
    makeAutoObservable<SessionStore, 'api' | 'onEnded' | 'checked'>(this, {
      api: false,
      onEnded: false,
      checked: false,
    });
  }

  /** At start: a session the browser still has continues where it was. */
  check(): Promise<void> {
    this.checked = this.api.me().then(
      (me) => runInAction(() => this.apply(me)),
      () =>
        runInAction(() => {
          if (this.phase === 'checking') this.phase = 'signed-out';
        }),
    );
    return this.checked;
  }

  /** Any 401: back to sign-in, saying why. */
  expire(): void {
    if (this.phase === 'checking' || this.phase === 'signed-out') {
      this.phase = 'signed-out';
      rememberSession(false);
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
    rememberSession(true);
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
    rememberSession(false);
    this.phase = 'signed-out';
    this.notice = notice;
    this.staff = null;
    this.csrf = '';
    this.totp.reset();
    for (const action of [this.signIn, this.code, this.password]) action.clear();
    this.onEnded();
  }
}
