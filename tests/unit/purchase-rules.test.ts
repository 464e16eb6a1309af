import { describe, expect, it } from 'vitest';
import { validate } from '../../contract/account-rules';
import { informationSchema, isPhone, isPostcode } from '../../contract/purchase-rules';

const today = '2026-11-23';
const good = {
  lastName: '李',
  firstName: '华',
  email: 'li@example.com',
  birthday: '1999-04-12',
  region: 'JP',
  postcode: '100-0001',
  province: '東京都',
  city: '千代田区',
  district: '千代田',
  block: '1-1',
  building: '',
  phone: '090-1234-5678',
  delivery: 'mail',
  storeId: '',
  visaType: 'study',
  residenceFront: 'a',
  residenceBack: 'b',
  identityKind: 'passport',
  identityDoc: 'c',
  addressSame: 'yes',
  proofType: '',
  proofDate: '',
  proofDoc: '',
};
const check = (changes: Record<string, string>) => validate(informationSchema(today), { ...good, ...changes });

describe('purchase step 2 rules', () => {
  it('accepts a complete form', () => {
    expect(check({}).ok).toBe(true);
  });

  it('requires every spec field', () => {
    const result = check({
      lastName: '',
      firstName: '',
      email: '',
      birthday: '',
      postcode: '',
      block: '',
      phone: '',
      province: '',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      for (const field of ['lastName', 'firstName', 'email', 'birthday', 'postcode', 'block', 'phone', 'province']) {
        expect(result.fields[field], field).toBe('REQUIRED');
      }
    }
  });

  it('requires both residence card sides and a passport or admission permit', () => {
    const result = check({ residenceBack: '', identityDoc: '' });
    expect(result.ok ? {} : result.fields).toEqual({
      residenceBack: 'RESIDENCE_BACK_REQUIRED',
      identityDoc: 'IDENTITY_DOC_REQUIRED',
    });
  });

  it('names the proof parts that are missing even while other fields are missing too', () => {
    // A field never touched is absent from the draft, not empty: the schema's type error.
    const { lastName: _never, ...untouched } = { ...good, addressSame: 'no' };
    const result = validate(informationSchema(today), untouched);
    expect(result.ok ? {} : result.fields).toEqual({
      lastName: 'REQUIRED',
      proofType: 'PROOF_TYPE_REQUIRED',
      proofDate: 'PROOF_DATE_REQUIRED',
      proofDoc: 'PROOF_REQUIRED',
    });
  });

  it('asks for a proof when the mailing address differs from the residence card', () => {
    const missing = check({ addressSame: 'no' });
    expect(missing.ok ? {} : missing.fields).toEqual({
      proofType: 'PROOF_TYPE_REQUIRED',
      proofDate: 'PROOF_DATE_REQUIRED',
      proofDoc: 'PROOF_REQUIRED',
    });
    const old = check({ addressSame: 'no', proofType: 'utility_bill', proofDate: '2026-08-01', proofDoc: 'd' });
    expect(old.ok ? {} : old.fields).toEqual({ proofDate: 'PROOF_TOO_OLD' });
    expect(check({ addressSame: 'no', proofType: 'resident_ticket', proofDate: '2026-10-01', proofDoc: 'd' }).ok).toBe(
      true,
    );
  });

  it('needs a store for pickup', () => {
    const result = check({ delivery: 'pickup' });
    expect(result.ok ? {} : result.fields).toEqual({ storeId: 'STORE_REQUIRED' });
    expect(check({ delivery: 'pickup', storeId: '2' }).ok).toBe(true);
  });

  it('checks postcodes by region', () => {
    expect(isPostcode('JP', '100-0001')).toBe(true);
    expect(isPostcode('JP', '1000001')).toBe(true);
    expect(isPostcode('JP', '100-001')).toBe(false);
    expect(isPostcode('CN', '200120')).toBe(true);
    expect(isPostcode('CN', '100-0001')).toBe(false);
  });

  it('checks Japanese and Chinese mobile numbers', () => {
    for (const ok of ['090-1234-5678', '08012345678', '+819012345678', '13812345678', '+8613812345678', '03-1234-5678'])
      expect(isPhone(ok), ok).toBe(true);
    for (const bad of ['12345', '090-1234-567', '23812345678', 'abc']) expect(isPhone(bad), bad).toBe(false);
  });

  it('refuses a birthday in the future', () => {
    expect(check({ birthday: '2027-01-01' }).ok).toBe(false);
    expect(check({ birthday: '1999-02-30' }).ok).toBe(false);
  });
});
