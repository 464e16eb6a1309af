import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, ReviewNext } from '../../contract/admin-api';
import { orders } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { orderUnderReview } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { signInStaff, type StaffClient } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 27: after a decision the reviewer goes on to the next order waiting (oldest paid
// first, as the queue), without the one just decided; the note they wrote carries its language.

const CHECKED = { nameAndBirthday: true, cardValid: true, address: true, visaType: true };

describe.each(backends)('the next order to review on %s', (backend) => {
  let t: TestApp;
  let reviewer: StaffClient;
  let support: StaffClient;
  const queued: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend);
    const db = t.database.handle.db;
    const { token } = await signUp(t.app, 'nextcustomer');
    // Placed newest first but paid oldest first: the queue follows payment, not placing.
    const paidAt = ['2026-11-20T01:00:00Z', '2026-11-19T01:00:00Z', '2026-11-18T01:00:00Z'];
    for (const at of paidAt) {
      const { orderNo, id } = await orderUnderReview(t.app, token);
      await db
        .update(orders)
        .set({ paidAt: new Date(at) })
        .where(eq(orders.id, id));
      queued.unshift(orderNo);
    }
    reviewer = await signInStaff(t.app, 'reviewer');
    support = await signInStaff(t.app, 'support');
  });
  afterAll(() => t.close());

  const next = async (after?: string, client = reviewer) =>
    client.call<ReviewNext>('GET', `/api/admin/review/next${after ? `?after=${encodeURIComponent(after)}` : ''}`);

  it('answers the oldest paid order, leaving out the one named', async () => {
    expect((await next()).body.data.orderNo).toBe(queued[0]);
    expect((await next(queued[0])).body.data.orderNo).toBe(queued[1]);
    expect((await next(queued[1])).body.data.orderNo).toBe(queued[0]);
    expect((await next('SM-NOT-AN-ORDER')).body.data.orderNo).toBe(queued[0]);
  });

  it('goes from decision to decision until the queue is empty', async () => {
    const approved = await reviewer.call<AdminOrder>('POST', `/api/admin/orders/${queued[0]}/approve`, {
      checklist: CHECKED,
    });
    expect(approved.body.data.order.status).toBe('approved');
    expect((await next(queued[0])).body.data.orderNo).toBe(queued[1]);

    const rejected = await reviewer.call<AdminOrder>('POST', `/api/admin/orders/${queued[1]}/reject`, {
      rejections: [{ document: 'passport', reason: 'other', note: '照片太暗', lang: 'cn' }],
    });
    expect(rejected.body.data.order.rejections).toEqual([
      { document: 'passport', reason: 'other', note: '照片太暗', lang: 'cn' },
    ]);
    expect((await next(queued[1])).body.data.orderNo).toBe(queued[2]);

    await reviewer.call('POST', `/api/admin/orders/${queued[2]}/approve`, { checklist: CHECKED });
    expect((await next(queued[2])).body.data).toEqual({ orderNo: null });
  });

  it('is the queue: a role without review is refused', async () => {
    const refused = await next(undefined, support);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toMatchObject({ error: 'FORBIDDEN' });
  });

  it('refuses a note language it does not know, in words, not a 5xx', async () => {
    const orderNo = queued[0]!;
    const res = await reviewer.call('POST', `/api/admin/orders/${orderNo}/reject`, {
      rejections: [{ document: 'passport', reason: 'blurry', note: '', lang: 'en' }],
    });
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(0);
  });
});
