import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAY_METHODS } from '../../contract/api';
import { createBridge } from '../../bridges/create-bridge';
import { detectPlatform, isDesktop } from '../../contract/detect';
import {
  CONTAINERS,
  type Container,
  isRunnable,
  matrixMarkdown,
  matrixRow,
  PAY_SCENES,
  sceneAllowed,
  type MatrixOptions,
  type MatrixRow,
  type PayScene,
} from '../../contract/containers';
import type { PayRequest } from '../../bridges/types';

const root = join(__dirname, '..', '..');
const fixtures = JSON.parse(readFileSync(join(root, 'tests', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { name: string; ua: string; expect: string; desktop: boolean }[];
};

describe('which container a page runs in, from real user agents', () => {
  it.each(fixtures.cases.map((c) => [c.name, c.ua, c.desktop] as const))(
    '%s is on a computer or a phone as it says',
    (_name, ua, desktop) => {
      expect(isDesktop(ua)).toBe(desktop);
    },
  );

  it('tells an Alipay mini-program web view by my.getEnv even without the UA marker', () => {
    const alipay = fixtures.cases.find((c) => c.expect === 'alipay')!.ua;
    const my = { getEnv: (callback: (env: { miniprogram?: boolean }) => void) => callback({ miniprogram: true }) };
    expect(detectPlatform(alipay, { my })).toBe('alipay-miniprogram');
    expect(detectPlatform(alipay, { my: { getEnv: (cb) => cb({ miniprogram: false }) } })).toBe('alipay');
  });
});

// Every row the matrix can give: each container on a phone and a computer, with WeChat Pay H5
// off and on (only a browser's rows differ by them).
const OPTIONS: MatrixOptions[] = [false, true].flatMap((desktop) =>
  [false, true].map((wechatH5) => ({ desktop, wechatH5 })),
);
const ROWS: [string, Container, MatrixOptions, MatrixRow][] = CONTAINERS.flatMap((container) =>
  OPTIONS.map(
    (options) =>
      [`${container} ${JSON.stringify(options)}`, container, options, matrixRow(container, options)] as [
        string,
        Container,
        MatrixOptions,
        MatrixRow,
      ],
  ),
);

/** What the page hands its bridge for a scene paid in place; other scenes leave the page. */
const IN_PLACE: Partial<Record<PayScene, PayRequest>> = {
  jsapi: { kind: 'wechat-jsapi', params: { package: 'prepay_id=wx1' } },
  app: { kind: 'alipay-trade', tradeNO: '2026T1' },
  miniprogram: { kind: 'mini-program-page', path: '/pages/pay/pay?orderNo=SM1' },
};

/** Stand-ins for every platform's JS bridge at once, each answering "paid" / an auth code. */
function installEveryPlatform() {
  const w = window as unknown as Record<string, unknown>;
  w.WeixinJSBridge = {
    invoke: (_name: string, _params: unknown, callback: (r: { err_msg: string }) => void) =>
      callback({ err_msg: 'get_brand_wcpay_request:ok' }),
  };
  w.AlipayJSBridge = {
    call: (name: string, _params: unknown, callback: (r: Record<string, unknown>) => void) =>
      callback(name === 'tradePay' ? { resultCode: '9000' } : { authCode: 'ali-code' }),
  };
  const miniProgram = { navigateTo: ({ success }: { success: () => void }) => success(), redirectTo: () => undefined };
  w.wx = { miniProgram };
  w.my = { ...miniProgram, postMessage: () => undefined };
}

describe('the sign-in and payment matrix', () => {
  beforeEach(installEveryPlatform);
  afterEach(() => {
    for (const name of ['WeixinJSBridge', 'AlipayJSBridge', 'wx', 'my'])
      delete (window as unknown as Record<string, unknown>)[name];
  });

  it.each(ROWS)('%s: offers a way to sign in and at least one way to pay here', (_label, _container, _options, row) => {
    expect(['wechat-oauth', 'alipay-auth-code', 'mini-program-ticket', 'email']).toContain(row.signIn);
    expect(row.pay.filter(isRunnable).length).toBeGreaterThan(0);
    // A method is shown once: either it runs here or the screen says what to do instead.
    const methods = row.pay.map((way) => way.method);
    expect(new Set(methods).size).toBe(methods.length);
  });

  it.each(ROWS)(
    '%s: pays in place only where the bridge can, and everywhere it can',
    async (_l, container, _o, row) => {
      const bridge = createBridge(container);
      for (const [scene, request] of Object.entries(IN_PLACE) as [PayScene, PayRequest][]) {
        const offered = row.pay.some((way) => isRunnable(way) && way.scene === scene);
        expect(await bridge.pay(request), `${scene} in ${container}`).toBe(offered ? 'ok' : 'unsupported');
      }
    },
  );

  it.each(CONTAINERS)('%s: signs in through its app only where its bridge has the sign-in', async (container) => {
    const row = matrixRow(container, { desktop: false, wechatH5: false });
    const bridge = createBridge(container);
    const login = () => bridge.login({ authorizeUrl: '', appId: '', returnUrl: '', state: 's', scope: 'snsapi_base' });
    if (row.signIn === 'email') expect(await login()).toEqual({ kind: 'none' });
    if (row.signIn === 'alipay-auth-code') expect(await login()).toEqual({ kind: 'code', code: 'ali-code' });
  });

  it.each(CONTAINERS)('%s: the server accepts exactly the pairs the page offers (PAY_METHOD_UNAVAILABLE)', (c) => {
    for (const wechatH5 of [false, true]) {
      // The server cannot tell a browser on a computer from one on a phone (an iPad says
      // Macintosh): it accepts what either would offer.
      const rows = OPTIONS.filter((o) => o.wechatH5 === wechatH5 && (c === 'browser' || !o.desktop)).map((o) =>
        matrixRow(c, o),
      );
      const offered = new Set(rows.flatMap((row) => row.pay.filter(isRunnable).map((w) => `${w.method}/${w.scene}`)));
      const accepted = new Set(
        PAY_METHODS.flatMap((method) => [...PAY_SCENES, 'teleport'].map((scene) => `${method}/${scene}`)).filter(
          (pair) => {
            const [method, scene] = pair.split('/') as [(typeof PAY_METHODS)[number], string];
            return sceneAllowed(c, method, scene, { wechatH5 });
          },
        ),
      );
      expect(accepted, `${c}, WeChat Pay H5 ${wechatH5 ? 'on' : 'off'}`).toEqual(offered);
    }
  });

  it('is the table README shows', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const start = readme.indexOf('<!-- matrix:start -->');
    const end = readme.indexOf('<!-- matrix:end -->');
    expect(start, 'README.md has the matrix between its markers').toBeGreaterThan(0);
    // `npx tsx scripts/print-matrix.ts` prints the table to paste between the markers.
    expect(readme.slice(start + '<!-- matrix:start -->'.length, end).trim()).toBe(matrixMarkdown());
  });
});
