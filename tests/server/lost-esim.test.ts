import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LostLineView } from '../../contract/lost-views';
import { esimProfiles, esimReissues, lineEvents, lines, orders, simReplacements } from '../../server/db/schema';
import { seal } from '../../server/esim/profiles';
import { runScheduledTasks } from '../../server/jobs/scheduled';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { sandboxCardToken } from './helpers/sandbox-card';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 31: a lost eSIM is replaced through the eSIM domain's reissue (opened free: the fee is
// the replacement's), and once the new profile holds the number the line leaves lost.

const SMDP = 'smdp.carrier.example';
let iccidSeq = 0;
const nextIccid = () => `8981200${String(Date.now()).slice(-6)}${String((iccidSeq += 1)).padStart(6, '0')}`;
const matchingOf = (iccid: string) => `MATCH-${iccid.slice(-10)}`;

describe.each(backends)('a lost eSIM on %s', (backend) => {
  let t: TestApp;
  let msisdnSeq = 0;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());
  const db = () => t.database.handle.db;

  async function stock(n: number): Promise<string[]> {
    const iccids = Array.from({ length: n }, nextIccid);
    await db()
      .insert(esimProfiles)
      .values(
        iccids.map((iccid) => ({
          iccid,
          smdpAddress: SMDP,
          matchingIdSealed: seal(t.app.documents.key, matchingOf(iccid)),
          importedBy: 'staff:t',
        })),
      );
    return iccids;
  }

  /** A customer whose line runs on an installed eSIM profile. */
  async function esimCustomer(name: string) {
    const { token, id } = await signUp(t.app, `${name}-${backend}`);
    const [iccid] = await stock(1);
    msisdnSeq += 1;
    const msisdn = `0807${backend === 'postgres' ? '1' : '2'}${String(msisdnSeq).padStart(6, '0')}`;
    await activeLine(t.app, token, { msisdn, iccid: iccid!, planId: '2' });
    const [row] = await db().select().from(lines).where(eq(lines.iccid, iccid!));
    const [order] = await db().select().from(orders).where(eq(orders.id, row!.orderId));
    await db()
      .update(orders)
      .set({ info: { ...order!.info, delivery: 'esim' } })
      .where(eq(orders.id, row!.orderId));
    await db()
      .update(esimProfiles)
      .set({ status: 'installed', orderId: row!.orderId, lineId: row!.id, assignedAt: new Date() })
      .where(eq(esimProfiles.iccid, iccid!));
    await t.app.esim.provider.reserve({ iccid: iccid!, smdpAddress: SMDP, matchingId: matchingOf(iccid!), msisdn });
    return { token, id, line: row!, iccid: iccid! };
  }

  it('replaces a lost eSIM through a free reissue once the fee is paid, and the line runs again', async () => {
    const c = await esimCustomer('lostesim');
    const [spare] = await stock(1);
    const view = () => getJson<LostLineView>(t.app, '/api/line/replacement', { token: c.token });
    expect((await view()).body.data.kinds).toEqual(['post', 'pickup', 'esim']);
    await postForm(t.app, '/api/line/lost', {}, { token: c.token });
    const ordered = await postForm<LostLineView>(t.app, '/api/line/replacement', { kind: 'esim' }, { token: c.token });
    const replacement = ordered.body.data.replacement!;
    expect(replacement).toMatchObject({ kind: 'esim', status: 'awaiting_payment', fee: 2200 });
    const paid = await postForm<{ outcome: { kind: string } }>(
      t.app,
      '/api/pay/create',
      { chargeNo: replacement.chargeNo!, method: 'card', token: await sandboxCardToken(t.app) },
      { token: c.token },
    );
    expect(paid.body.data.outcome.kind).toBe('paid');
    // The sweep moves it on: the reissue opened free, done, the line back on the new profile.
    await runScheduledTasks({
      db: db(),
      usageInbox: { list: () => Promise.resolve([]), read: () => Promise.resolve(''), done: () => Promise.resolve() },
      log: { info: () => undefined, error: () => undefined },
      esim: t.app.esim,
      linePlatform: t.app.linePlatform,
    });
    const after = (await view()).body.data;
    expect(after.status).toBe('active');
    expect(after.replacement).toMatchObject({ status: 'done', newIccidLast4: spare!.slice(-4) });
    const [line] = await db().select().from(lines).where(eq(lines.id, c.line.id));
    expect([line!.iccid, line!.status]).toEqual([spare, 'active']);
    const [row] = await db().select().from(simReplacements).where(eq(simReplacements.lineId, c.line.id));
    const [reissue] = await db().select().from(esimReissues).where(eq(esimReissues.id, row!.esimReissueId!));
    // Free: the fee was the replacement's.
    expect(reissue).toMatchObject({ status: 'done', chargeId: null });
    const events = await db().select().from(lineEvents).where(eq(lineEvents.lineId, c.line.id));
    expect(events.map((e) => `${e.fromStatus}>${e.toStatus}:${e.reason}`)).toEqual([
      'new>active:activated',
      'active>lost:reported_lost',
      'lost>active:sim_replaced',
    ]);
  });

  it("refuses an eSIM replacement while the customer's own reissue is open", async () => {
    const c = await esimCustomer('lostreissuing');
    await postForm(t.app, '/api/esim/reissue', { reason: 'new_phone' }, { token: c.token });
    await postForm(t.app, '/api/line/lost', {}, { token: c.token });
    const asked = await postForm<LostLineView>(t.app, '/api/line/replacement', { kind: 'esim' }, { token: c.token });
    expect((asked.body.data as unknown as { error: string }).error).toBe('REISSUE_OPEN');
    // A new card is still possible.
    const posted = await postForm<LostLineView>(t.app, '/api/line/replacement', { kind: 'pickup' }, { token: c.token });
    expect(posted.body.data.replacement?.kind).toBe('pickup');
  });
});
