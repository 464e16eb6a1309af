import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Container } from '../../contract/containers';
import { detectPlatform } from '../../contract/detect';
import { esimSupport } from '../../contract/esim-devices';
import { ANDROID_INSTALL_BASE, APPLE_INSTALL_BASE, installWay, lpaString } from '../../contract/esim-rules';

// Issue 30: "can this phone take it?" from the user agent, and how the install page offers the
// profile: the one-tap link in a phone's own browser, the hand-off inside WeChat or Alipay (the
// link does not work in their web views), the QR code anywhere else.

const UA = {
  iphone174:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphone16:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  iphone173:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.3 Mobile/15E148 Safari/604.1',
  pixel7:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  android9:
    'Mozilla/5.0 (Linux; Android 9; Pixel 3) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.0.0 Mobile Safari/537.36',
  pixel2:
    'Mozilla/5.0 (Linux; Android 11; Pixel 2) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.0.0 Mobile Safari/537.36',
  galaxyS23:
    'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  reducedK:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

const fixtures = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { name: string; ua: string; expect: string }[];
};

const fixture = (name: string) => {
  const found = fixtures.cases.find((c) => c.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found.ua;
};

const LPA = lpaString('smdp.example.jp', 'ABCD-1234-EFGH');

describe('esimSupport: can this phone take an eSIM', () => {
  it('says an iPhone on iOS 17 or later takes one, and installs in one tap from iOS 17.4', () => {
    expect(esimSupport(UA.iphone174)).toMatchObject({
      os: 'ios',
      verdict: 'supported',
      oneTap: 'ios',
      model: 'iPhone',
    });
    expect(esimSupport(UA.iphone173)).toMatchObject({ verdict: 'supported', oneTap: null });
  });

  it('asks the customer on an older iOS rather than refusing', () => {
    expect(esimSupport(UA.iphone16)).toMatchObject({ os: 'ios', verdict: 'unknown', oneTap: null });
  });

  it('knows recent Pixel and Galaxy models by name, and refuses a Pixel 2', () => {
    expect(esimSupport(UA.pixel7)).toMatchObject({
      os: 'android',
      verdict: 'supported',
      model: 'Pixel',
      oneTap: 'android',
    });
    expect(esimSupport(UA.galaxyS23)).toMatchObject({ verdict: 'supported', model: 'Galaxy S', oneTap: 'android' });
    expect(esimSupport(UA.pixel2)).toMatchObject({ verdict: 'unsupported', model: 'Pixel' });
  });

  it('has no one-tap link before Android 10, and asks when the model is hidden', () => {
    expect(esimSupport(UA.android9)).toMatchObject({ oneTap: null });
    expect(esimSupport(UA.reducedK)).toMatchObject({ verdict: 'unknown', model: null, oneTap: 'android' });
    expect(esimSupport(UA.windows)).toMatchObject({ os: 'other', verdict: 'unknown', oneTap: null });
  });

  it('reads the shared fixtures: Safari on iPhone and Chrome on a Pixel 8 take one, an unknown Xiaomi is asked', () => {
    expect(esimSupport(fixture('Safari on iPhone')).verdict).toBe('supported');
    expect(esimSupport(fixture('Chrome on Android')).verdict).toBe('supported');
    expect(esimSupport(fixture('WeChat on Android')).verdict).toBe('supported');
    expect(esimSupport(fixture('Alipay on Android')).verdict).toBe('unknown');
  });
});

describe('installWay: how the install page offers the profile', () => {
  const way = (container: Container, ua: string) => installWay(container, esimSupport(ua), LPA);

  it("gives Apple's one-tap link in Safari on iOS 17.4+, carrying the activation code", () => {
    expect(way('browser', UA.iphone174)).toEqual({
      kind: 'link',
      os: 'ios',
      href: `${APPLE_INSTALL_BASE}?carddata=${encodeURIComponent(LPA)}`,
    });
  });

  it("gives Android's link in Chrome on Android 10+", () => {
    expect(way('browser', UA.pixel7)).toEqual({
      kind: 'link',
      os: 'android',
      href: `${ANDROID_INSTALL_BASE}?carddata=${encodeURIComponent(LPA)}`,
    });
  });

  it('hands off to the phone browser inside WeChat and Alipay, whatever the phone', () => {
    for (const container of ['wechat', 'wechat-miniprogram', 'alipay', 'alipay-miniprogram'] as const)
      expect(way(container, fixture('WeChat on iPhone'))).toEqual({ kind: 'handoff' });
    expect(way('alipay', fixture('Alipay on iPhone'))).toEqual({ kind: 'handoff' });
  });

  it('shows the QR code on a computer and on phones without the one-tap link', () => {
    expect(way('browser', UA.windows)).toEqual({ kind: 'qr' });
    expect(way('browser', UA.iphone16)).toEqual({ kind: 'qr' });
    expect(way('browser', UA.android9)).toEqual({ kind: 'qr' });
  });
});

describe('the install way for every real user agent in tests/fixtures', () => {
  const inApp = new Set(['wechat', 'wechat-miniprogram', 'wecom', 'alipay', 'alipay-miniprogram', 'alipay-hk']);
  it.each(fixtures.cases.map((c) => [c.name, c.ua] as const))('%s', (_name, ua) => {
    const container = detectPlatform(ua, {});
    const way = installWay(container, esimSupport(ua), LPA);
    // Never a link that would not work: inside an in-app web view always the hand-off.
    if (inApp.has(container)) expect(way.kind).toBe('handoff');
    else if (
      container === 'browser' &&
      /iPhone OS 1[7-9]_([4-9]|\d\d)|iPhone OS [2-9]\d_|Android (1\d|[2-9]\d)\b/.test(ua)
    )
      expect(way.kind).toBe('link');
    else expect(way.kind).toBe('qr');
  });
});
