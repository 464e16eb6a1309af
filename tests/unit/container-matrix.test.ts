import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectPlatform, isDesktop } from '../../bridges/detect';
import { isRunnable, matrixMarkdown, matrixRow, sceneAllowed, type PayWay } from '../../bridges/matrix';

const root = join(__dirname, '..', '..');
const fixtures = JSON.parse(readFileSync(join(root, 'tests', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { name: string; ua: string; expect: string; desktop: boolean }[];
};

const phone = { desktop: false, wechatH5: false };
const show = (ways: PayWay[]) =>
  ways.map((w) => (isRunnable(w) ? `${w.method}:${w.scene}` : `${w.method}>${w.instead}`));

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

describe('the sign-in and payment matrix', () => {
  it('gives each container the sign-in the client asked for', () => {
    expect(matrixRow('wechat', phone).signIn).toBe('wechat-oauth');
    expect(matrixRow('wechat-desktop', phone).signIn).toBe('wechat-oauth');
    expect(matrixRow('wechat-miniprogram', phone).signIn).toBe('mini-program-ticket');
    expect(matrixRow('alipay-miniprogram', phone).signIn).toBe('mini-program-ticket');
    expect(matrixRow('alipay', phone).signIn).toBe('alipay-auth-code');
    for (const container of ['wecom', 'alipay-hk', 'browser'] as const)
      expect(matrixRow(container, phone).signIn).toBe('email');
  });

  it('gives each container the payment methods that really work there, in order', () => {
    expect(show(matrixRow('wechat', phone).pay)).toEqual(['wechat:jsapi', 'card:card', 'alipay>handoff']);
    expect(show(matrixRow('wechat-desktop', phone).pay)).toEqual(['wechat:native', 'card:card', 'alipay>handoff']);
    expect(show(matrixRow('wechat-miniprogram', phone).pay)).toEqual(['wechat:miniprogram']);
    expect(show(matrixRow('wecom', phone).pay)).toEqual(['card:card', 'wechat>handoff', 'alipay>handoff']);
    expect(show(matrixRow('alipay', phone).pay)).toEqual(['alipay:app', 'card:card', 'wechat>explain']);
    expect(show(matrixRow('alipay-miniprogram', phone).pay)).toEqual(['alipay:miniprogram']);
    expect(show(matrixRow('alipay-hk', phone).pay)).toEqual(['alipay:alipayplus', 'card:card', 'wechat>explain']);
    expect(show(matrixRow('browser', phone).pay)).toEqual(['card:card', 'alipay:wap', 'wechat>open-in-wechat']);
    expect(show(matrixRow('browser', { desktop: false, wechatH5: true }).pay)).toEqual([
      'card:card',
      'alipay:wap',
      'wechat:h5',
    ]);
    expect(show(matrixRow('browser', { desktop: true, wechatH5: false }).pay)).toEqual([
      'card:card',
      'alipay:page',
      'wechat:native',
    ]);
  });

  it('lets the server refuse what a container cannot run', () => {
    const off = { wechatH5: false };
    expect(sceneAllowed('browser', 'wechat', 'jsapi', off)).toBe(false);
    expect(sceneAllowed('browser', 'wechat', 'h5', off)).toBe(false);
    expect(sceneAllowed('browser', 'wechat', 'h5', { wechatH5: true })).toBe(true);
    expect(sceneAllowed('browser', 'wechat', 'native', off)).toBe(true);
    expect(sceneAllowed('wechat-desktop', 'wechat', 'jsapi', off)).toBe(false);
    expect(sceneAllowed('wecom', 'wechat', 'jsapi', off)).toBe(false);
    expect(sceneAllowed('alipay-hk', 'alipay', 'app', off)).toBe(false);
    expect(sceneAllowed('alipay-miniprogram', 'alipay', 'app', off)).toBe(false);
    expect(sceneAllowed('wechat', 'alipay', 'wap', off)).toBe(false);
    expect(sceneAllowed('wechat', 'card', 'card', off)).toBe(true);
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
