import { describe, expect, it } from 'vitest';
import { tradePayOutcome } from '../../bridges/alipay';
import {
  CARD_ERROR_CODES,
  checkCard,
  gatewayExpiryCode,
  maskCard,
  normalizeCard,
  toGatewayExpiry,
} from '../../contract/card-rules';
import cn from '../../locales/cn.json';
import ja from '../../locales/ja.json';

const good = { number: '4111111111111111', expiry: '1228', securityCode: '123', holder: 'LI HUA', installments: '1' };

describe('card rules and their gateway codes', () => {
  it('accepts a good card', () => {
    expect(checkCard(good)).toEqual({});
  });

  it.each([
    [{ number: '' }, { number: '100' }],
    [{ number: '4111 1111 1111 111a' }, { number: '101' }],
    [{ number: '411111111' }, { number: '102' }],
    [{ number: '41111111111111111' }, { number: '102' }],
    [{ expiry: '' }, { expiry: '110' }],
    [{ expiry: '12-28' }, { expiry: '111' }],
    [{ expiry: '12/2' }, { expiry: '111' }],
    [{ expiry: '13/28' }, { expiry: '113' }],
    [{ expiry: '122' }, { expiry: '112' }],
    [{ expiry: '1328' }, { expiry: '113' }],
    [{ securityCode: '12a' }, { securityCode: '121' }],
    [{ securityCode: '12345' }, { securityCode: '122' }],
    [{ holder: '王芳' }, { holder: '131' }],
    [{ holder: 'A'.repeat(51) }, { holder: '132' }],
    [{ installments: 'x' }, { installments: '141' }],
    [{ installments: '11' }, { installments: '142' }],
    [{ installments: '0' }, { installments: '142' }],
  ])('%o gives %o', (change, expected) => {
    expect(checkCard({ ...good, ...change })).toEqual(expected);
  });

  // As people and autofill type them: what reaches the rules (and the gateway) is the spec's form.
  it.each([
    [{ number: '4111 1111 1111 1111' }, { number: '4111111111111111' }],
    [{ number: '4111-1111-1111-1111' }, { number: '4111111111111111' }],
    [{ number: '４１１１ １１１１ １１１１ １１１１' }, { number: '4111111111111111' }],
    [{ expiry: '12/30' }, { expiry: '1230' }],
    [{ expiry: '12 / 30' }, { expiry: '1230' }],
    [{ expiry: '1230' }, { expiry: '1230' }],
    [{ expiry: ' 1/30 ' }, { expiry: '0130' }],
    [{ expiry: '12/2030' }, { expiry: '1230' }],
    [{ expiry: '１２／３０' }, { expiry: '1230' }],
    [{ expiry: '12 30' }, { expiry: '1230' }],
    [{ securityCode: ' 123 ' }, { securityCode: '123' }],
    [{ holder: ' LI  HUA ' }, { holder: 'LI HUA' }],
  ])('normalizes %o to %o, which the rules accept', (typed, normalized) => {
    expect(normalizeCard({ ...good, ...typed })).toEqual({ ...good, ...normalized });
    expect(checkCard({ ...good, ...typed })).toEqual({});
  });

  it('accepts 10 and 16 digit numbers, 3 and 4 digit codes, a 50-character holder, 1 to 10 installments', () => {
    expect(
      checkCard({ ...good, number: '1234567890', securityCode: '1234', holder: 'A'.repeat(50), installments: '10' }),
    ).toEqual({});
  });

  it('turns the printed MMYY into the gateway YYMM', () => {
    expect(toGatewayExpiry('0528')).toBe('2805');
    expect(toGatewayExpiry('1231')).toBe('3112');
    expect(gatewayExpiryCode('2805')).toBeNull();
    expect(gatewayExpiryCode('202805')).toBeNull();
  });

  it('masks all but the first six and last four digits', () => {
    expect(maskCard('4111111111111111')).toBe('411111******1111');
  });

  it('has a Chinese and a Japanese message for every catalogue code', () => {
    for (const code of [...CARD_ERROR_CODES, 'DECLINED']) {
      expect((cn.card.errors as Record<string, string>)[code], `cn ${code}`).toBeTruthy();
      expect((ja.card.errors as Record<string, string>)[code], `ja ${code}`).toBeTruthy();
    }
    expect(cn.card.failedPrefix).toBe('信用卡支付失败，失败原因：');
  });
});

describe('Alipay tradePay result codes', () => {
  it('leaves 9000, 8000 and 6004 to the server, and tells cancel from failure', () => {
    expect(['9000', '8000', '6004'].map(tradePayOutcome)).toEqual(['ok', 'ok', 'ok']);
    expect(tradePayOutcome('6001')).toBe('cancel');
    expect(['6002', '4000', undefined].map(tradePayOutcome)).toEqual(['fail', 'fail', 'fail']);
  });
});
