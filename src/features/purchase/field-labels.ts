import type { TFunction } from 'i18next';

// One place for what each purchase field is called, so the field's own label and the error
// summary at the top of the form name it alike. Address labels follow the region: a Chinese
// mainland address has 省/市/区 and a 详细地址, not Japan's 丁目・番地.

const JAPAN: Record<string, string> = {
  province: 'purchase.prefecture',
  city: 'purchase.city',
  district: 'purchase.area',
  block: 'purchase.block',
  building: 'purchase.building',
};

const CHINA: Record<string, string> = {
  province: 'purchase.cnProvince',
  city: 'purchase.cnCity',
  district: 'purchase.cnDistrict',
  block: 'purchase.cnBlock',
  building: 'purchase.cnBuilding',
};

const OTHERS: Record<string, string> = {
  lastName: 'purchase.lastName',
  firstName: 'purchase.firstName',
  email: 'account.email',
  birthday: 'purchase.birthday',
  region: 'purchase.region',
  postcode: 'purchase.postcode',
  phone: 'purchase.phone',
  delivery: 'purchase.delivery',
  storeId: 'purchase.store',
  esimConfirm: 'esim.check.confirmLabel',
  visaType: 'purchase.visaType',
  residenceFront: 'purchase.residenceFront',
  residenceBack: 'purchase.residenceBack',
  identityKind: 'purchase.identityKind',
  addressSame: 'purchase.addressSame',
  proofType: 'purchase.proofType',
  proofDate: 'purchase.proofDate',
  proofDoc: 'purchase.proofDoc',
};

/** The label key of an address field in this region ('CN' or anything else for Japan). */
export function addressLabelKey(field: string, region: string | undefined): string {
  return (region === 'CN' ? CHINA : JAPAN)[field] ?? OTHERS[field] ?? field;
}

/** What the customer sees a field called; identityDoc follows the kind of document chosen. */
export function fieldLabel(t: TFunction, field: string, form: Record<string, string>): string {
  if (field === 'identityDoc') {
    return t(form.identityKind === 'admission_permit' ? 'purchase.admissionPermit' : 'purchase.passportPage');
  }
  return t(addressLabelKey(field, form.region));
}

/** The id a field's control carries, for the summary's links to it. */
export const fieldId = (field: string) => `field-${field}`;

/** The fields in the order the form shows them, so the summary reads top to bottom. */
export const SCREEN_ORDER = [
  'lastName',
  'firstName',
  'email',
  'birthday',
  'visaType',
  'region',
  'postcode',
  'province',
  'city',
  'district',
  'block',
  'building',
  'phone',
  'delivery',
  'storeId',
  'esimConfirm',
  'residenceFront',
  'residenceBack',
  'identityKind',
  'identityDoc',
  'addressSame',
  'proofType',
  'proofDate',
  'proofDoc',
];

export const inScreenOrder = (fields: string[]) =>
  [...fields].sort((a, b) => SCREEN_ORDER.indexOf(a) - SCREEN_ORDER.indexOf(b));
