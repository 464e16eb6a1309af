import { describe, expect, it } from 'vitest';
import {
  addressMatches,
  birthdayMatches,
  matchIdentity,
  nameMatches,
  normalizeName,
  postcodeDigits,
} from '../../contract/identity-match';

const li = { lastName: 'Li', firstName: 'Hua' };

describe('names', () => {
  it.each([
    ['LI HUA', li],
    ['HUA LI', li],
    ['li hua', li],
    ['LIHUA', li],
    ['ＬＩ　ＨＵＡ', li],
    ['  Li   Hua ', li],
    ['ｌｉ ｈｕａ', li],
    ['李 华', { lastName: '李', firstName: '华' }],
    ['李华', { lastName: '李', firstName: '华' }],
    ['华 李', { lastName: '李', firstName: '华' }],
    ['OUYANG XIAOMING', { lastName: 'Ouyang', firstName: 'Xiaoming' }],
    ['ZHANG, WEI', { lastName: 'zhang', firstName: 'wei' }],
    ['山田　太郎', { lastName: '山田', firstName: '太郎' }],
    ['ﾔﾏﾀﾞ ﾀﾛｳ', { lastName: 'ヤマダ', firstName: 'タロウ' }],
  ])('%s matches %o', (verified, entered) => {
    expect(nameMatches(verified, entered)).toBe(true);
  });

  it.each([
    ['LI HUA', { lastName: 'Li', firstName: 'Hu' }],
    ['LI HUA', { lastName: 'Lee', firstName: 'Hua' }],
    ['LI HUA', { lastName: '李', firstName: '华' }],
    ['李 華', { lastName: '李', firstName: '华' }],
    ['LI HUA', { lastName: 'Li', firstName: 'Huang' }],
    ['LI HUA MING', li],
    ['', { lastName: '', firstName: '' }],
    ['LI HUA', { lastName: '', firstName: '' }],
    ['', li],
  ])('%s does not match %o', (verified, entered) => {
    expect(nameMatches(verified, entered)).toBe(false);
  });

  it('accepts any of the forms the card gives (romanized and kanji)', () => {
    expect(nameMatches(['LI HUA', '李 华'], { lastName: '李', firstName: '华' })).toBe(true);
    expect(nameMatches(['LI HUA', '李 华'], li)).toBe(true);
    expect(nameMatches(['LI HUA', '李 华'], { lastName: '王', firstName: '华' })).toBe(false);
  });

  it('normalizes width, case and spaces only', () => {
    expect(normalizeName('Ｌｉ　Ｈｕａ')).toBe('lihua');
    expect(normalizeName('李\u3000华')).toBe('李华');
  });
});

describe('birthdays', () => {
  it.each([
    ['1999-01-02', '1999-01-02', true],
    ['1999/1/2', '1999-01-02', true],
    ['１９９９－０１－０２', '1999-01-02', true],
    ['19990102', '1999-01-02', true],
    ['1999-01-03', '1999-01-02', false],
    ['1999-02-01', '1999-01-02', false],
    ['', '1999-01-02', false],
    ['not a date', 'not a date', false],
  ])('%s against %s: %s', (verified, entered, same) => {
    expect(birthdayMatches(verified, entered)).toBe(same);
  });
});

describe('addresses through the postcode', () => {
  it.each([
    ['150-0001', '1500001', true],
    ['〒150-0001', '150-0001', true],
    ['１５０－０００１', '150-0001', true],
    ['150-0002', '150-0001', false],
    ['', '', false],
    ['15', '15', false],
  ])('%s against %s: %s', (verified, entered, same) => {
    expect(addressMatches(verified, entered)).toBe(same);
  });
  it('keeps digits only', () => expect(postcodeDigits('〒１５０-0001 ')).toBe('1500001'));
});

describe('matchIdentity', () => {
  const entered = { lastName: 'Li', firstName: 'Hua', birthday: '1999-01-02', postcode: '150-0001' };
  const verified = { names: ['LI HUA'], birthday: '1999-01-02', postcode: '1500001' };
  it('matches every field', () => {
    expect(matchIdentity(verified, entered)).toEqual({
      matched: { name: true, birthday: true, address: true },
      mismatched: [],
    });
  });
  it.each([
    ['name', { names: ['WANG HUA'] }],
    ['birthday', { birthday: '1999-01-03' }],
    ['address', { postcode: '1500002' }],
  ] as const)('names the field %s that does not match', (field, change) => {
    const result = matchIdentity({ ...verified, ...change }, entered);
    expect(result.mismatched).toEqual([field]);
    expect(result.matched[field]).toBe(false);
  });
  it('names every field that does not match, in order', () => {
    expect(matchIdentity({ names: ['X Y'], birthday: '2000-01-01', postcode: '1000001' }, entered).mismatched).toEqual([
      'name',
      'birthday',
      'address',
    ]);
  });
});
