import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import { transitionOrder } from '../../server/orders/orders';
import { backends } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { getJson } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

interface ListBody {
  orders: { orderNo: string; status: string }[];
}
interface DetailBody {
  order: { orderNo: string; status: string } | null;
  history?: { status: string; at: string }[];
}

describe.each(backends)('every order of a customer on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let strangerToken: string;
  const placed: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await signUp(t.app, 'many')).token;
    strangerToken = (await signUp(t.app, 'other')).token;
    for (let i = 0; i < 3; i += 1) placed.push(await placeOrder(t.app, token));
    // The oldest order went through review and was refused; the middle one was paid.
    const [oldest] = await t.database.handle.db.select().from(orders).where(eq(orders.orderNo, placed[0]!));
    for (const to of ['paid', 'under_review', 'rejected'] as const)
      await transitionOrder(t.database.handle.db, oldest!.id, to, 'staff:reviewer', 'note for staff only');
    const [middle] = await t.database.handle.db.select().from(orders).where(eq(orders.orderNo, placed[1]!));
    await transitionOrder(t.database.handle.db, middle!.id, 'paid', 'system');
  });
  afterAll(() => t.close());

  it('lists all of them, newest first, each with its own status', async () => {
    const res = await getJson<ListBody>(t.app, '/api/order/lists', { token });
    expect(res.body.code).toBe(1);
    expect(res.body.data.orders.map((o) => o.orderNo)).toEqual([...placed].reverse());
    expect(res.body.data.orders.map((o) => o.status)).toEqual(['awaiting_payment', 'paid', 'rejected']);
  });

  it('opens an older order by its number, with the steps it went through and no staff names', async () => {
    const res = await getJson<DetailBody>(t.app, `/api/order/detail?orderNo=${placed[0]}`, { token });
    expect(res.body.data.order).toMatchObject({ orderNo: placed[0], status: 'rejected' });
    expect(res.body.data.history?.map((h) => h.status)).toEqual([
      'awaiting_payment',
      'paid',
      'under_review',
      'rejected',
    ]);
    expect(res.raw).not.toContain('reviewer');
    expect(res.raw).not.toContain('note for staff only');
  });

  it("shows a stranger nothing of them: an empty list, and 404 for another customer's order", async () => {
    const list = await getJson<ListBody>(t.app, '/api/order/lists', { token: strangerToken });
    expect(list.body.data.orders).toEqual([]);
    const detail = await getJson<DetailBody>(t.app, `/api/order/detail?orderNo=${placed[0]}`, {
      token: strangerToken,
    });
    expect(detail.status).toBe(404);
    expect(detail.raw).not.toContain(placed[0]);
    const anonymous = await getJson<ListBody>(t.app, '/api/order/lists');
    expect(anonymous.status).toBe(401);
  });
});
