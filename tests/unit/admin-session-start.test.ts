import { afterEach, describe, expect, it } from 'vitest';
import type { StaffMe } from '../../contract/staff-rules';
import { AdminApiError } from '../../src/admin/api/client';
import type { SessionApi } from '../../src/admin/api/session-endpoints';
import { SessionStore } from '../../src/admin/stores/session-store';

// Issue 32: a browser that had no staff session shows sign-in at once, without waiting for the
// check at start (which still runs and opens a session the server does hold); one that had a
// session waits for the check, as before.

const me: StaffMe = { stage: 'active', csrf: 'csrf-1', staff: { login: 'admin1', name: '管理员', role: 'admin' } };
const refused = () => Promise.reject(new AdminApiError(401, 'STAFF_SIGN_IN_REQUIRED', ''));

function store(api: Partial<SessionApi>) {
  let forgotten = 0;
  const session = new SessionStore(api as SessionApi, () => (forgotten += 1));
  return { session, forgotten: () => forgotten };
}

afterEach(() => localStorage.clear());

describe('the console at start', () => {
  it('shows sign-in at once in a browser without a session, and opens one the server holds', async () => {
    const { session } = store({ me: () => Promise.resolve(me) });
    expect(session.phase).toBe('signed-out');
    await session.check();
    expect(session.phase).toBe('active');
    // The next start waits for the check instead of showing sign-in first.
    expect(store({}).session.phase).toBe('checking');
  });

  it('waits for the check where a session was, and forgets it once refused or signed out', async () => {
    localStorage.setItem('sm-admin-session', '1');
    const api: Partial<SessionApi> = {};
    const { session } = store(api);
    // As the client does with any 401 (src/admin/api/client.ts).
    api.me = () => {
      session.expire();
      return refused();
    };
    expect(session.phase).toBe('checking');
    await session.check();
    expect(session.phase).toBe('signed-out');
    expect(store({}).session.phase).toBe('signed-out');

    localStorage.setItem('sm-admin-session', '1');
    const other = store({ me: () => Promise.resolve(me), logout: () => Promise.resolve({}) });
    await other.session.check();
    await other.session.signOut.run();
    expect(other.forgotten()).toBe(1);
    expect(store({}).session.phase).toBe('signed-out');
  });

  it('sends a sign-in only once the check has answered', async () => {
    const order: string[] = [];
    let answer: () => void = () => undefined;
    const { session } = store({
      me: () =>
        new Promise<StaffMe>((_resolve, reject) => {
          answer = () => {
            order.push('check answered');
            reject(new AdminApiError(401, 'STAFF_SIGN_IN_REQUIRED', ''));
          };
        }),
      login: () => {
        order.push('login sent');
        return Promise.resolve({ ...me, stage: 'password' });
      },
    });
    const checking = session.check();
    const signingIn = session.signIn.run('admin1', 'secret');
    answer();
    await Promise.all([checking, signingIn]);
    expect(order).toEqual(['check answered', 'login sent']);
    expect(session.phase).toBe('password');
  });
});
