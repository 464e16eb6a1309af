import type { FastifyInstance } from 'fastify';
import { userIdentities } from '../../../server/db/schema';
import { DEMO_PURCHASE_INFORMATION, demoPurchaseForm, type PurchaseDocuments } from '../../../server/ops/demo-purchase';
import { fixture, multipartBody } from './multipart';
import { postForm, type SignedInBody } from './requests';

export async function signUp(app: FastifyInstance, name: string): Promise<{ token: string; id: number }> {
  const res = await postForm<SignedInBody>(app, '/api/user/register', {
    username: name,
    email: `${name}@example.com`,
    password: 'testpass1',
    repassword: 'testpass1',
  });
  // As if they had opened the site in WeChat once: WeChat Pay JSAPI orders name them by openid.
  await app.db
    .insert(userIdentities)
    .values({ userId: res.body.data.userinfo.id, provider: 'wechat-payer:wx-sandbox-app', subject: `o-${name}` });
  return res.body.data.userinfo;
}

export async function upload(
  app: FastifyInstance,
  token: string,
  kind: string,
  file: string,
  type = 'image/jpeg',
): Promise<string> {
  const { payload, contentType } = multipartBody({ kind }, { name: file, type, bytes: fixture(file) });
  const res = await app.inject({
    method: 'POST',
    url: '/api/common/upload',
    payload,
    headers: { 'content-type': contentType, token },
  });
  return res.json().data.id as string;
}

// A customer placing many orders in one test reuses their documents, as the app's draft
// does: uploading them again each time would run into the daily upload quota.
const uploaded = new WeakMap<FastifyInstance, Map<string, PurchaseDocuments>>();

async function documentsOf(app: FastifyInstance, token: string): Promise<PurchaseDocuments> {
  const byToken = uploaded.get(app) ?? new Map<string, PurchaseDocuments>();
  uploaded.set(app, byToken);
  const known = byToken.get(token);
  if (known) return known;
  const documents = {
    residenceFront: await upload(app, token, 'residence_front', 'residence-front.jpg'),
    residenceBack: await upload(app, token, 'residence_back', 'residence-back.jpg'),
    identityDoc: await upload(app, token, 'passport', 'passport.jpg'),
    signatureId: await upload(app, token, 'signature', 'address-proof.png', 'image/png'),
  };
  byToken.set(token, documents);
  return documents;
}

/** Step 2 of a purchase as a customer fills it in, without the documents. */
export const ORDER_INFORMATION = DEMO_PURCHASE_INFORMATION;

/** A complete step 2 with real documents and a signature, placed as an order; returns its number. */
export async function placeOrder(
  app: FastifyInstance,
  token: string,
  planId = '1',
  changes: Parameters<typeof demoPurchaseForm>[2] = {},
): Promise<string> {
  const form = demoPurchaseForm(planId, await documentsOf(app, token), changes);
  const res = await postForm<{ order: { orderNo: string } }>(app, '/api/order/create', form, { token });
  if (res.body.code !== 1) throw new Error(`order not placed: ${res.raw}`);
  return res.body.data.order.orderNo;
}
