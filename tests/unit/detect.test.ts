import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectPlatform } from '../../bridges/detect';

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
