import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';
import { isServiceOpen, nextServiceOpening, tokyoParts } from '../../contract/service-hours';
import { ServiceStatus } from '../../src/features/service/service-status';

// The unit project runs with TZ=America/Los_Angeles: these instants are given in UTC and
// the expectations in Tokyo time (UTC+9), so a phone elsewhere must get the same answers.
const at = (iso: string) => new Date(iso);

describe('customer service hours in Tokyo', () => {
  it('runs in a time zone that is not Tokyo', () => {
    expect(new Date('2026-11-23T00:00:00Z').getTimezoneOffset()).not.toBe(-540);
  });

  it('is open on a weekday from 9:00 to 17:30 Tokyo time', () => {
    // Monday 2026-11-23 09:00 Tokyo = 00:00 UTC (Sunday 16:00 in Los Angeles).
    expect(isServiceOpen(at('2026-11-23T00:00:00Z'))).toBe(true);
    expect(isServiceOpen(at('2026-11-22T23:59:00Z'))).toBe(false);
    // 17:29 open, 17:30 closed.
    expect(isServiceOpen(at('2026-11-23T08:29:00Z'))).toBe(true);
    expect(isServiceOpen(at('2026-11-23T08:30:00Z'))).toBe(false);
  });

  it('is closed at weekends in Tokyo even when it is a weekday on the phone', () => {
    // Saturday 10:00 Tokyo is Friday 17:00 in Los Angeles.
    const saturdayMorning = at('2026-11-21T01:00:00Z');
    expect(saturdayMorning.getDay()).toBe(5);
    expect(isServiceOpen(saturdayMorning)).toBe(false);
  });

  it('opens next on Monday 9:00 after Friday closing', () => {
    const fridayEvening = at('2026-11-20T09:00:00Z'); // Friday 18:00 Tokyo
    const next = nextServiceOpening(fridayEvening);
    expect(next.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(tokyoParts(next)).toEqual({ weekday: 1, hour: 9, minute: 0 });
  });

  it('opens later the same day before 9:00 and the next day after 17:30', () => {
    expect(nextServiceOpening(at('2026-11-24T22:00:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(nextServiceOpening(at('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
});

describe('ServiceStatus', () => {
  afterEach(cleanup);

  async function renderIn(lang: 'cn' | 'ja', now: Date) {
    const i18n = createInstance();
    await i18n.init({ lng: lang, resources: { cn: { translation: cn }, ja: { translation: ja } } });
    render(
      <I18nextProvider i18n={i18n}>
        <ServiceStatus config={null} now={now} />
      </I18nextProvider>,
    );
  }

  it('says open now in Chinese during Tokyo office hours', async () => {
    await renderIn('cn', at('2026-11-23T02:00:00Z'));
    expect(screen.getByRole('status').textContent).toBe('客服在线');
  });

  it('says when it opens, in Japanese, on a Tokyo Saturday', async () => {
    await renderIn('ja', at('2026-11-21T01:00:00Z'));
    expect(screen.getByRole('status').textContent).toBe('受付時間外です。月曜 09:00 から対応します');
  });
});
