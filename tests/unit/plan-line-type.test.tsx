import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanInfo } from '../../contract/api';
import { PlanList } from '../../src/features/content/plan-list';
import { Resource } from '../../src/lib/resource';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';

afterEach(cleanup);

// Issue 29: since April 2026 a voice line (with a phone number) is verified by IC chip or JPKI
// only, so every plan card says which kind of line it sells, in words.

async function i18n(lang: 'cn' | 'ja') {
  const instance = createInstance();
  await instance.init({ lng: lang, resources: { cn: { translation: cn }, ja: { translation: ja } } });
  return instance;
}

const plan = (id: number, lineType: PlanInfo['lineType']): PlanInfo => ({
  id,
  name: `Plan ${id}`,
  description: '',
  dataGb: 3,
  throttledKbps: 200,
  originalPrice: 3000,
  activityPrice: 2500,
  monthlyRent: 2000,
  lineType,
  esim: false,
});

async function drawn(lang: 'cn' | 'ja', plans: PlanInfo[]) {
  const resource = new Resource(async () => ({ code: 1, msg: '', time: 0, data: plans }), [] as PlanInfo[]);
  await resource.load();
  render(
    <I18nextProvider i18n={await i18n(lang)}>
      <PlanList plans={resource} onChoose={() => undefined} />
    </I18nextProvider>,
  );
  return screen.queryAllByTestId('plan-line-type').map((e) => e.textContent);
}

describe('a plan card', () => {
  it('says an eSIM may be chosen only on plans that offer one (issue 30)', async () => {
    await drawn('cn', [plan(1, 'data'), { ...plan(2, 'voice'), esim: true }]);
    const tags = screen.queryAllByTestId('plan-esim');
    expect(tags.map((e) => e.textContent)).toEqual([cn.home.esimOffered]);
    expect(tags[0]?.closest('li')?.querySelector('h3')?.textContent).toBe('Plan 2');
  });

  it('says data-only or voice with a phone number in Chinese', async () => {
    expect(await drawn('cn', [plan(1, 'data'), plan(2, 'voice')])).toEqual([
      cn.home.lineType.data,
      cn.home.lineType.voice,
    ]);
    expect(cn.home.lineType.data).toMatch(/无电话号码/);
    expect(cn.home.lineType.voice).toMatch(/电话号码/);
  });

  it('says the same in Japanese', async () => {
    expect(await drawn('ja', [plan(1, 'voice'), plan(2, 'data')])).toEqual([
      ja.home.lineType.voice,
      ja.home.lineType.data,
    ]);
    expect(ja.home.lineType.data).toMatch(/データ専用/);
    expect(ja.home.lineType.voice).toMatch(/電話番号あり/);
  });

  it('shows no raw value for a plan kept from before plans had a line type', async () => {
    const old = { ...plan(3, 'data'), lineType: undefined } as unknown as PlanInfo;
    const words = await drawn('cn', [old]);
    expect(words).toEqual([]);
    expect(document.body.textContent).not.toMatch(/lineType|undefined/);
  });
});
