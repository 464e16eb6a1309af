/**
 * One valid step 2 of a purchase (docs/product.md), for the demo customer and for tests that
 * need an order placed: a change to the form's rules is then made in one place. The person is
 * the one on the sample residence card and passport (tests/fixtures/documents), so a
 * reviewer's checklist holds for the documents that go with it.
 */
export const DEMO_PURCHASE_INFORMATION = {
  lastName: '李',
  firstName: '华',
  email: 'li.hua@example.com',
  birthday: '1999-04-12',
  region: 'JP',
  postcode: '171-0021',
  province: '東京都',
  city: '豊島区',
  district: '西池袋',
  block: '1-2-3',
  building: '',
  phone: '080-1234-5678',
  delivery: 'mail',
  storeId: '',
  esimConfirm: '',
  visaType: 'study',
  identityKind: 'passport',
  addressSame: 'yes',
  proofType: '',
  proofDate: '',
  proofDoc: '',
};

export type PurchaseInformation = typeof DEMO_PURCHASE_INFORMATION;

/** The ids of the uploaded documents and signature the form names. */
export type PurchaseDocuments = {
  residenceFront: string;
  residenceBack: string;
  identityDoc: string;
  signatureId: string;
};

/** The complete form for `planId`, with `changes` (another name, e-mail, ...) over the demo's. */
export function demoPurchaseForm(
  planId: string | number,
  documents: PurchaseDocuments,
  changes: Partial<PurchaseInformation> = {},
): PurchaseInformation & PurchaseDocuments & { planId: string } {
  return { ...DEMO_PURCHASE_INFORMATION, ...changes, ...documents, planId: String(planId) };
}
