import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { esimProfiles, orders } from '../../server/db/schema';
import { backends, freshDatabase, type TestDatabase } from './helpers/databases';
import { CHECKLIST, esimOrderUnderReview, loggedApp, profileCsv } from './helpers/esim';
import { signUp } from './helpers/purchase';
import { getJson } from './helpers/requests';
import { signInStaff, type StaffClient } from './helpers/staff';

// Two apps with their own pools on one PostgreSQL database, as two servers behind a load
// balancer: 60 eSIM orders approved at once, half through each, with 40 profiles in stock.
// Each profile goes to one order; the 20 left wait for stock (not an error), and the next
// import delivers them. PGlite has one connection: the race needs PostgreSQL.
describe.skipIf(!backends.includes('postgres'))('eSIM assignment across two servers', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let reviewers: StaffClient[];
  let fulfil: StaffClient;
  let token: string;
  const orderNos: string[] = [];

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    const url = database.handle.jobs.kind === 'postgres' ? database.handle.jobs.connectionString : '';
    second = await openDatabase({ databaseUrl: url, dataDir: 'memory' });
    const env = { DOCUMENT_KEY: randomBytes(32).toString('base64'), ESIM_STOCK_LOW: '5' };
    a = (await loggedApp(database, env)).app;
    b = (await loggedApp({ handle: second, drop: () => second.close() }, env)).app;
    reviewers = [await signInStaff(a, 'reviewer'), await signInStaff(b, 'reviewer')];
    fulfil = await signInStaff(a, 'fulfilment');
    ({ token } = await signUp(a, 'esimrace'));
    // One order placed as the app does, 59 more like it (the race is the approval, not the form).
    const first = await esimOrderUnderReview(a, token);
    const [row] = await a.db.select().from(orders).where(eq(orders.id, first.id));
    orderNos.push(first.orderNo);
    const { id: _id, ...copy } = row!;
    for (let i = 1; i < 60; i += 1) {
      const orderNo = `${first.orderNo}-${String(i).padStart(2, '0')}`;
      await a.db.insert(orders).values({ ...copy, orderNo });
      orderNos.push(orderNo);
    }
    await fulfil.call('POST', '/api/admin/esim/import', { csv: profileCsv(40, 1000) });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.drop();
  });

  it('gives 40 profiles to 40 orders once each, leaves 20 waiting, then an import delivers them', async () => {
    const answers = await Promise.all(
      orderNos.map((orderNo, i) =>
        reviewers[i % 2]!.call('POST', `/api/admin/orders/${orderNo}/approve`, { checklist: CHECKLIST }),
      ),
    );
    expect(answers.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    expect(answers.every((r) => (r.body as { code?: number }).code === 1)).toBe(true);
    const rows = await a.db.select().from(orders).where(inArray(orders.orderNo, orderNos));
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    expect([count('esim_ready'), count('approved')]).toEqual([40, 20]);
    const held = await a.db.select().from(esimProfiles).where(eq(esimProfiles.status, 'assigned'));
    expect(held).toHaveLength(40);
    expect(new Set(held.map((p) => p.orderId)).size).toBe(40);
    expect(new Set(held.map((p) => p.iccid)).size).toBe(40);
    expect(new Set(held.map((p) => p.msisdn)).size).toBe(40);

    // The customer of a waiting order is told it waits; staff see the count.
    const waitingNo = rows.find((r) => r.status === 'approved')!.orderNo;
    const seen = await getJson(b, `/api/esim/order?orderNo=${waitingNo}`, { token });
    expect(seen.body.data).toMatchObject({ state: 'preparing', waitingStock: true, activation: null });
    const stock = await fulfil.call('GET', '/api/admin/esim/stock');
    expect((stock.body as unknown as { data: unknown }).data).toMatchObject({
      counts: { available: 0, assigned: 40 },
      low: true,
      waiting: 20,
    });

    const more = await fulfil.call('POST', '/api/admin/esim/import', { csv: profileCsv(25, 2000) });
    expect((more.body as unknown as { data: unknown }).data).toMatchObject({ imported: 25, assigned: 20 });
    const after = await a.db.select().from(orders).where(inArray(orders.orderNo, orderNos));
    expect(after.every((r) => r.status === 'esim_ready')).toBe(true);
    const all = await a.db.select().from(esimProfiles).where(eq(esimProfiles.status, 'assigned'));
    expect(new Set(all.map((p) => p.orderId)).size).toBe(60);
  }, 120_000);
});
