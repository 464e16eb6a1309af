import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, tokyoDate } from '../../contract/calendar';
import type { PurchasePrefill } from '../../contract/prefill-rules';
import { orders, purchaseDrafts } from '../../server/db/schema';
import { backends } from './helpers/databases';
import { ORDER_INFORMATION, placeOrder, signUp, upload } from './helpers/purchase';
import { getJson, postForm } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

type PrefillBody = { prefill: PurchasePrefill | null };

describe.each(backends)('a second order starts from the last one, on %s', (backend) => {
  let t: TestApp;
  let owner: { token: string; id: number };
  let stranger: { token: string; id: number };
  let firstOrderNo: string;
  let sent: Record<string, string>;

  const prefillOf = async (token: string) => {
    const res = await getJson<PrefillBody>(t.app, '/api/purchase/prefill', { token });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    return res.body.data.prefill;
  };
  const orderRow = async (orderNo: string) =>
    (await t.app.db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1))[0]!;
  const setOrder = (orderNo: string, changes: Partial<typeof orders.$inferInsert>) =>
    t.app.db.update(orders).set(changes).where(eq(orders.orderNo, orderNo));

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = await signUp(t.app, 'prefill-owner');
    stranger = await signUp(t.app, 'prefill-stranger');
    firstOrderNo = await placeOrder(t.app, owner.token);
    sent = (await orderRow(firstOrderNo)).info;
  });
  afterAll(() => t.close());

  it('is for a signed-in customer only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/purchase/prefill' });
    expect(res.statusCode).toBe(401);
  });

  it('offers nothing, without an error, to a customer with no order', async () => {
    expect(await prefillOf(stranger.token)).toBeNull();
  });

  it('offers nothing from an order never paid', async () => {
    expect((await orderRow(firstOrderNo)).status).toBe('awaiting_payment');
    expect(await prefillOf(owner.token)).toBeNull();
  });

  it("gives the owner their last order's details and documents, and no one else", async () => {
    await setOrder(firstOrderNo, { status: 'under_review' });
    const prefill = await prefillOf(owner.token);
    expect(prefill).toMatchObject({
      orderNo: firstOrderNo,
      form: {
        lastName: ORDER_INFORMATION.lastName,
        firstName: ORDER_INFORMATION.firstName,
        email: ORDER_INFORMATION.email,
        phone: ORDER_INFORMATION.phone,
        postcode: ORDER_INFORMATION.postcode,
        block: ORDER_INFORMATION.block,
        residenceFront: sent.residenceFront,
        residenceBack: sent.residenceBack,
        identityDoc: sent.identityDoc,
      },
    });
    expect(prefill!.documents.sort()).toEqual(['identityDoc', 'residenceBack', 'residenceFront']);
    // The delivery is chosen again each time, and nothing but the form's own fields is sent.
    expect(prefill!.form).not.toHaveProperty('delivery');
    expect(prefill!.form).not.toHaveProperty('signatureId');
    // Another customer asking gets their own (nothing), never the owner's.
    expect(await prefillOf(stranger.token)).toBeNull();
  });

  it('places a second order with the documents re-used, checked as the owner', async () => {
    const prefill = (await prefillOf(owner.token))!;
    const signatureId = await upload(t.app, owner.token, 'signature', 'address-proof.png', 'image/png');
    const res = await postForm<{ order: { orderNo: string } }>(
      t.app,
      '/api/order/create',
      { ...ORDER_INFORMATION, ...prefill.form, planId: '1', signatureId },
      { token: owner.token },
    );
    expect(res.body.code).toBe(1);
    expect((await orderRow(res.body.data.order.orderNo)).info.identityDoc).toBe(sent.identityDoc);
  });

  it("refuses another customer's document in a submit, and changes nothing", async () => {
    const prefill = (await prefillOf(owner.token))!;
    const signatureId = await upload(t.app, stranger.token, 'signature', 'address-proof.png', 'image/png');
    const own = {
      residenceFront: await upload(t.app, stranger.token, 'residence_front', 'residence-front.jpg'),
      residenceBack: await upload(t.app, stranger.token, 'residence_back', 'residence-back.jpg'),
      identityDoc: await upload(t.app, stranger.token, 'passport', 'passport.jpg'),
    };
    await postForm(
      t.app,
      '/api/purchase/draft',
      { draft: JSON.stringify({ planId: 1, form: {}, fileNames: {} }) },
      {
        token: stranger.token,
      },
    );
    const draftBefore = await t.app.db.select().from(purchaseDrafts).where(eq(purchaseDrafts.userId, stranger.id));
    for (const field of ['residenceFront', 'identityDoc'] as const) {
      const res = await postForm(
        t.app,
        '/api/order/create',
        { ...ORDER_INFORMATION, ...own, [field]: prefill.form[field]!, planId: '1', signatureId },
        { token: stranger.token },
      );
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 0,
        data: { error: 'UPLOAD_REQUIRED', fields: { [field]: 'UPLOAD_REQUIRED' } },
      });
    }
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, stranger.id))).toEqual([]);
    expect(await t.app.db.select().from(purchaseDrafts).where(eq(purchaseDrafts.userId, stranger.id))).toEqual(
      draftBefore,
    );
    // With their own documents the same form goes through: only the foreign id was refused.
    const placed = await postForm(
      t.app,
      '/api/order/create',
      { ...ORDER_INFORMATION, ...own, planId: '1', signatureId },
      {
        token: stranger.token,
      },
    );
    expect(placed.body.code).toBe(1);
  });

  it('never offers a document staff refused, on any order', async () => {
    // The second order (re-using the passport) is the latest; staff refuse the passport there.
    const [latest] = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.userId, owner.id))
      .orderBy(orders.id)
      .offset(1)
      .limit(1);
    await setOrder(latest!.orderNo, {
      status: 'rejected',
      rejections: [{ document: 'passport', reason: 'expired', note: '' }],
    });
    // The latest order still counting is the first: its passport is the same refused file.
    const prefill = (await prefillOf(owner.token))!;
    expect(prefill.orderNo).toBe(firstOrderNo);
    expect(prefill.form.identityDoc).toBeUndefined();
    expect(prefill.documents.sort()).toEqual(['residenceBack', 'residenceFront']);
    expect(prefill.form.lastName).toBe(ORDER_INFORMATION.lastName);
  });

  it('offers an address proof while it is recent enough, and not once it is too old', async () => {
    const proofDoc = await upload(t.app, owner.token, 'address_proof', 'address-proof.png', 'image/png');
    const today = tokyoDate(new Date());
    const withProof = (proofDate: string) =>
      setOrder(firstOrderNo, {
        info: { ...sent, addressSame: 'no', proofType: 'utility_bill', proofDate, proofDoc },
      });

    await withProof(addMonths(today, -1));
    const recent = (await prefillOf(owner.token))!;
    expect(recent.form).toMatchObject({ addressSame: 'no', proofType: 'utility_bill', proofDoc });
    expect(recent.documents).toContain('proofDoc');

    await withProof(addMonths(today, -4));
    const old = (await prefillOf(owner.token))!;
    expect(old.form).toMatchObject({ addressSame: 'no', proofType: 'utility_bill' });
    expect(old.form.proofDate).toBeUndefined();
    expect(old.form.proofDoc).toBeUndefined();
    expect(old.documents).not.toContain('proofDoc');
  });

  it("never offers a document that is not the customer's own", async () => {
    const strangers = await upload(t.app, stranger.token, 'residence_front', 'residence-front.jpg');
    await setOrder(firstOrderNo, { info: { ...sent, residenceFront: strangers } });
    const prefill = (await prefillOf(owner.token))!;
    expect(prefill.form.residenceFront).toBeUndefined();
    expect(prefill.documents).not.toContain('residenceFront');
  });
});
