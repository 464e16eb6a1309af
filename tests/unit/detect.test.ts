import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectPlatform } from '../../contract/detect';

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { name: string; ua: string; expect: string }[];
};

describe('platform detection from real user agents', () => {
  it.each(fixtures.cases.map((c) => [c.name, c.ua, c.expect] as const))('%s', (_name, ua, expected) => {
    expect(detectPlatform(ua, {})).toBe(expected);
  });

  it('knows a mini-program web view by window.__wxjs_environment even without the UA marker', () => {
    const plainWechat = fixtures.cases.find((c) => c.name === 'WeChat on iPhone')!.ua;
    expect(detectPlatform(plainWechat, { __wxjs_environment: 'miniprogram' })).toBe('wechat-miniprogram');
  });
});

describe('the URL the WeChat JS-SDK is signed for', () => {
  const landing = 'https://sim.example/h5/?from=menu';
  const current = 'https://sim.example/h5/pages/user/index#x';
  it('is the landing URL on iOS and the current one on Android', async () => {
    const { jssdkSignUrl } = await import('../../bridges/wechat');
    const ios = fixtures.cases.find((c) => c.name === 'WeChat on iPhone')!.ua;
    const android = fixtures.cases.find((c) => c.name === 'WeChat on Android')!.ua;
    expect(jssdkSignUrl(ios, landing, current)).toBe(landing);
    expect(jssdkSignUrl(android, landing, current)).toBe('https://sim.example/h5/pages/user/index');
  });
});
