import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlanInfo, UserInfo } from '../../contract/api';
import { buildApp } from '../../server/app';
import { plans, users, userTokens } from '../../server/db/schema';
import { hashToken } from '../../server/lib/sessions';
import { backends } from './helpers/databases';
import { getJson, postForm, type SignedInBody } from './helpers/requests';
import { createTestApp, testConfig, type TestApp } from './helpers/test-app';

// Sessions and public content are answered from memory; these tests change the rows the
// way a customer, a staff command or a second server process would, and expect every
// answer after that to show the change.
describe.each(backends)('answers from memory on %s, never stale ones', (backend) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  async function customer(app: FastifyInstance = t.app): Promise<SignedInBody['userinfo']> {
    n += 1;
    const res = await postForm<SignedInBody>(app, '/api/user/register', {
      username: `cache${n}`,
      email: `cache${n}@example.com`,
      password: 'sakura2024',
      repassword: 'sakura2024',
    });
    expect(res.body.code).toBe(1);
    return res.body.data.userinfo;
  }
  const userinfo = (token: string, app: FastifyInstance = t.app) =>
    getJson<UserInfo>(app, '/api/user/userinfo', { token });

  it('refuses a token at once after logging out with it', async () => {
    const me = await customer();
    expect((await userinfo(me.token)).status).toBe(200);
    expect((await userinfo(me.token)).status).toBe(200);
    expect((await postForm(t.app, '/api/user/logout', {}, { token: me.token })).status).toBe(200);
    expect((await userinfo(me.token)).status).toBe(401);
  });

  it('shows a profile change in the very next answer', async () => {
    const me = await customer();
    expect((await userinfo(me.token)).body.data.username).toBe(me.username);
    const saved = await postForm(t.app, '/api/user/profile', { username: '新名字' }, { token: me.token });
    expect(saved.body.code).toBe(1);
    expect((await userinfo(me.token)).body.data.username).toBe('新名字');
  });

  it('sees what a staff command changes in the database directly', async () => {
    const me = await customer();
    expect((await userinfo(me.token)).status).toBe(200);
    const db = t.database.handle.db;
    await db.update(users).set({ username: '工作人员改的' }).where(eq(users.id, me.id));
    await vi.waitFor(async () => expect((await userinfo(me.token)).body.data.username).toBe('工作人员改的'), {
      timeout: 5000,
      interval: 25,
    });
    await db
      .update(userTokens)
      .set({ revokedAt: new Date() })
      .where(eq(userTokens.tokenHash, hashToken(me.token)));
    await vi.waitFor(async () => expect((await userinfo(me.token)).status).toBe(401), { timeout: 5000, interval: 25 });
  });

  it('lists a plan as staff changed it', async () => {
    const before = await getJson<PlanInfo[]>(t.app, '/api/setmeal/lists');
    const first = before.body.data[0]!;
    await t.database.handle.db.update(plans).set({ nameCn: '限时特价套餐' }).where(eq(plans.id, first.id));
    await vi.waitFor(
      async () => {
        const after = await getJson<PlanInfo[]>(t.app, '/api/setmeal/lists');
        expect(after.body.data.find((p) => p.id === first.id)?.name).toBe('限时特价套餐');
      },
      { timeout: 5000, interval: 25 },
    );
    // Each language is kept apart, and neither outlives the change.
    const jaAfter = await getJson<PlanInfo[]>(t.app, '/api/setmeal/lists', { 'accept-language': 'ja' });
    expect(jaAfter.body.data.find((p) => p.id === first.id)?.name).not.toBe('限时特价套餐');
  });

  it.runIf(backend === 'postgres')('refuses on a second server a token logged out on the first', async () => {
    const other = await buildApp({ database: t.database.handle, config: testConfig() });
    try {
      const me = await customer();
      expect((await userinfo(me.token, other)).status).toBe(200);
      expect((await userinfo(me.token, other)).status).toBe(200);
      await postForm(t.app, '/api/user/logout', {}, { token: me.token });
      await vi.waitFor(async () => expect((await userinfo(me.token, other)).status).toBe(401), {
        timeout: 5000,
        interval: 25,
      });
    } finally {
      await other.close();
    }
  });

  it.runIf(backend === 'postgres')(
    'listens again after losing its connection, and misses nothing meanwhile',
    async () => {
      const me = await customer();
      expect((await userinfo(me.token)).status).toBe(200);
      const db = t.database.handle.db;
      await db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen app_changes'`);
      await db.update(users).set({ username: '断线期间改的' }).where(eq(users.id, me.id));
      await vi.waitFor(async () => expect((await userinfo(me.token)).body.data.username).toBe('断线期间改的'), {
        timeout: 5000,
        interval: 25,
      });
      // Listening again: a later change arrives by notification as before.
      await vi.waitFor(
        async () => {
          const rows = await db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'listen app_changes'`,
          );
          expect(Number((rows as { rows: { n: number }[] }).rows[0]?.n)).toBeGreaterThan(0);
        },
        { timeout: 5000, interval: 25 },
      );
      expect((await userinfo(me.token)).status).toBe(200);
      await db.update(users).set({ username: '重连之后改的' }).where(eq(users.id, me.id));
      await vi.waitFor(async () => expect((await userinfo(me.token)).body.data.username).toBe('重连之后改的'), {
        timeout: 5000,
        interval: 25,
      });
    },
  );
});
