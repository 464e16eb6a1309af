import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PLACEHOLDER, type Envelope, type UserInfo } from '../../contract/api';
import { users, userTokens } from '../../server/db/schema';
import { hashToken, issueToken } from '../../server/lib/sessions';
import { backends } from './helpers/databases';
import { createTestApp, ja, zh, type TestApp } from './helpers/test-app';

describe.each(backends)('GET /api/user/userinfo on %s', (backend) => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const [row] = await t.database.handle.db
      .insert(users)
      .values({ username: 'wangfang', email: 'wang@example.com', passwordHash: '$argon2id$v=19$fake', lang: 'cn' })
      .returning({ id: users.id });
    userId = row!.id;
  });
  afterAll(() => t.close());

  const userinfo = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/user/userinfo', headers });

  it('answers 401 with a Chinese "please log in first" envelope without a token', async () => {
    const res = await userinfo(zh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 0, msg: '请先登录', data: { error: 'UNAUTHORIZED' } });
  });

  it('treats the placeholder token as no token', async () => {
    const res = await userinfo({ ...zh, token: TOKEN_PLACEHOLDER });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 in Japanese for an unknown token', async () => {
    const res = await userinfo({ ...ja, token: 'x'.repeat(43) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 0, msg: 'ログインしてください', data: { error: 'UNAUTHORIZED' } });
  });

  it('returns the user with a token field for a live token, and nothing secret', async () => {
    const token = await issueToken(t.database.handle.db, userId);
    const res = await userinfo({ ...zh, token });
    expect(res.statusCode).toBe(200);
    const body = res.json<Envelope<UserInfo>>();
    expect(body.code).toBe(1);
    expect(body.data).toMatchObject({ id: userId, username: 'wangfang', email: 'wang@example.com', token });
    expect(res.body).not.toMatch(/argon2|password_?hash|token_?hash/i);
    expect(res.body).not.toContain(hashToken(token));
  });

  it('stores the token only as a hash', async () => {
    const token = await issueToken(t.database.handle.db, userId);
    const rows = await t.database.handle.db.select().from(userTokens).where(eq(userTokens.userId, userId));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
  });

  it('refuses a revoked or expired token', async () => {
    const db = t.database.handle.db;
    const revoked = await issueToken(db, userId);
    await db
      .update(userTokens)
      .set({ revokedAt: new Date() })
      .where(eq(userTokens.tokenHash, hashToken(revoked)));
    expect((await userinfo({ ...zh, token: revoked })).statusCode).toBe(401);

    const expired = await issueToken(db, userId, new Date(Date.now() - 31 * 24 * 3600 * 1000));
    expect((await userinfo({ ...zh, token: expired })).statusCode).toBe(401);
  });
});
