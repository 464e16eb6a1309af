import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTAINERS, isRunnable, matrixRow, PAY_SCENES } from '../../contract/containers';
import { PAY_METHODS } from '../../contract/api';
import { backends } from './helpers/databases';
import { placeOrder, signUp } from './helpers/purchase';
import { agentOf, postForm } from './helpers/requests';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 28: what the server takes from a container is what the page there offers
// (contract/containers.ts): every other method/scene pair is PAY_METHOD_UNAVAILABLE, none of the
// offered ones is, whatever else then decides about the payment.

describe.each(backends)('the payment matrix through the API on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it.each(CONTAINERS)('%s: refuses exactly the pairs its page does not offer', async (container) => {
    const { token } = await signUp(t.app, `matrix-${container}`);
    const orderNo = await placeOrder(t.app, token);
    // A browser may be a phone or a computer (an iPad says Macintosh): the server takes what
    // either offers. WeChat Pay H5 is off in tests, as by default.
    const rows = (container === 'browser' ? [false, true] : [false]).map((desktop) =>
      matrixRow(container, { desktop, wechatH5: false }),
    );
    const offered = new Set(rows.flatMap((row) => row.pay.filter(isRunnable).map((w) => `${w.method}/${w.scene}`)));
    const agent = agentOf(container, container === 'wechat-desktop');
    const refusedHere: string[] = [];
    for (const method of PAY_METHODS)
      for (const scene of [...PAY_SCENES, 'teleport']) {
        // The page names its mini-program, as the app does inside one.
        const res = await postForm<{ error?: string }>(
          t.app,
          '/api/pay/create',
          { orderNo, method, scene, container },
          { token, 'user-agent': agent },
        );
        expect(res.status, `${method}/${scene}`).toBeLessThan(500);
        if (res.body.data?.error === 'PAY_METHOD_UNAVAILABLE') refusedHere.push(`${method}/${scene}`);
      }
    const every = PAY_METHODS.flatMap((m) => [...PAY_SCENES, 'teleport'].map((s) => `${m}/${s}`));
    expect(refusedHere).toEqual(every.filter((pair) => !offered.has(pair)));
  });
});
