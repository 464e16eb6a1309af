import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from 'playwright-core';
import { demoPurchaseForm } from '../../../server/ops/demo-purchase';

/** Who the orders placed here are for; every other field is the demo purchase's. */
export const E2E_BUYER = { lastName: '王', firstName: '芳' };

// By URL, not __dirname: scripts/dev-smoke.ts runs this under tsx as an ES module too.
const documents = fileURLToPath(new URL('../../fixtures/documents/', import.meta.url));
const doc = (name: string) => readFileSync(join(documents, name));

/** Uploads the fixture documents and places an order for `planId`, as the app would. */
export async function placeOrder(
  api: APIRequestContext,
  baseUrl: string,
  token: string,
  name: string,
  planId = '2',
): Promise<string> {
  const upload = async (kind: string, file: string, mimeType = 'image/jpeg') => {
    const res = await api.post(`${baseUrl}/api/common/upload?kind=${kind}`, {
      headers: { token },
      multipart: { kind, file: { name: file, mimeType, buffer: doc(file) } },
    });
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const documents = {
    residenceFront: await upload('residence_front', 'residence-front.jpg'),
    residenceBack: await upload('residence_back', 'residence-back.jpg'),
    identityDoc: await upload('passport', 'passport.jpg'),
    signatureId: await upload('signature', 'address-proof.png', 'image/png'),
  };
  // A name of their own (the console test looks for it) and an address that reaches them.
  const form = demoPurchaseForm(planId, documents, {
    lastName: E2E_BUYER.lastName,
    firstName: E2E_BUYER.firstName,
    email: `${name}@example.com`,
  });
  const placed = await api.post(`${baseUrl}/api/order/create`, { headers: { token }, form });
  return ((await placed.json()) as { data: { order: { orderNo: string } } }).data.order.orderNo;
}

/** A customer with a placed, unpaid order, made through the API as the app would. */
export async function customerWithOrder(
  api: APIRequestContext,
  baseUrl: string,
  name: string,
): Promise<{ token: string; orderNo: string }> {
  const signup = await api.post(`${baseUrl}/api/user/register`, {
    form: { username: name, email: `${name}@example.com`, password: 'buyer1234', repassword: 'buyer1234' },
  });
  const token = ((await signup.json()).data as { userinfo: { token: string } }).userinfo.token;
  const orderNo = await placeOrder(api, baseUrl, token, name);
  return { token, orderNo };
}

/** A new customer's token, registered through the API as the app would (no browser needed). */
export async function registeredToken(baseUrl: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username,
      email: `${username.toLowerCase()}@example.com`,
      password: 'sakura2024',
      repassword: 'sakura2024',
    }).toString(),
  });
  const body = (await res.json()) as { data: { userinfo: { token: string } } };
  return body.data.userinfo.token;
}
