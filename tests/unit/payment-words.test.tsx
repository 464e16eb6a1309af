import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { PAY_METHODS } from '../../contract/api';
import { PaymentFacts } from '../../src/features/payment/payment-facts';
import { failureText } from '../../src/features/payment/payment-phase';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';

afterEach(cleanup);

async function i18n(lang: 'cn' | 'ja') {
  const instance = createInstance();
  await instance.init({ lng: lang, resources: { cn: { translation: cn }, ja: { translation: ja } } });
  return instance;
}

// Issue 27's walk: a result read "お支払い方法 クレジットカードで支払う" and a failure
// "WeChat Pay で支払うが完了しませんでした": the pay button's words used as the method's name.
describe('a payment method named in a result or a failure', () => {
  it('is a name in both languages, not the words of its pay button', async () => {
    for (const lang of ['cn', 'ja'] as const) {
      const t = (await i18n(lang)).t;
      for (const method of PAY_METHODS) {
        const name = t(`payResult.methodName.${method}`);
        expect(name).not.toBe(`payResult.methodName.${method}`);
        expect(name).not.toMatch(/で支払う|支払う$/);
      }
    }
  });

  it('reads as Japanese in a failure and on the result', async () => {
    const instance = await i18n('ja');
    expect(failureText(instance.t, { reasonKey: 'payment.failed', method: 'wechat' })).toMatch(
      /^WeChat Payが完了しませんでした：/,
    );
    render(
      <I18nextProvider i18n={instance}>
        <PaymentFacts
          result={
            { targetType: 'bill', targetNo: 'B1', amount: 3080, method: 'card', at: '2026-11-25T15:38:00Z' } as never
          }
        />
      </I18nextProvider>,
    );
    expect(screen.getByText('クレジットカード')).toBeTruthy();
    expect(screen.getByText('2026-11-26 00:38')).toBeTruthy();
  });
});
