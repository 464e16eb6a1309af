import type { LineType } from '../../../contract/identity-rules';
import type { Delivery } from '../../../contract/esim-rules';
import type { ActionResult } from '../../lib/action-result';

export const DEFAULT_FORM: Record<string, string> = {
  region: 'JP',
  delivery: 'mail',
  visaType: 'study',
  identityKind: 'passport',
  addressSame: 'yes',
};

/**
 * The form's document photos and the address proof beside them: asked for only where the order
 * is verified by photos (contract/identity-rules.ts photosRequired). Otherwise the IC chip,
 * the My Number certificate or the counter reads name, birthday and address from the card.
 */
export const PHOTO_FIELDS = [
  'residenceFront',
  'residenceBack',
  'identityKind',
  'identityDoc',
  'addressSame',
  'proofType',
  'proofDate',
  'proofDoc',
] as const;
const isPhotoField = (field: string) => (PHOTO_FIELDS as readonly string[]).includes(field);

type Rules = typeof import('../../../contract/purchase-rules');
let rulesModule: Promise<Rules> | null = null;
const purchaseRules = () => (rulesModule ??= import('../../../contract/purchase-rules'));

export function identityInputOf(
  form: Record<string, string>,
  lineType: LineType,
  photoForData: boolean,
): { lineType: LineType; delivery: Delivery; photoForData: boolean } {
  const delivery = form.delivery;
  return {
    lineType,
    // Read here rather than with contract/esim-rules.ts: that module stays out of the first load.
    delivery: delivery === 'pickup' || delivery === 'esim' ? delivery : 'mail',
    photoForData,
  };
}

/**
 * The form as the server is to get it: where no photos are asked for, each photo and proof
 * field goes empty (a document kept from an earlier form is not sent with a voice order).
 */
export function formToSend(form: Record<string, string>, photos: boolean): Record<string, string> {
  // The eSIM confirmation belongs to an eSIM order only: a switch to mail does not carry it.
  const sent = form.delivery === 'esim' ? form : { ...form, esimConfirm: '' };
  if (photos) return sent;
  return { ...sent, ...Object.fromEntries(PHOTO_FIELDS.map((field) => [field, ''])) };
}

/** The form checked by the server's own rules, loaded only when first needed. */
export async function checkInformation(form: Record<string, string>, photos: boolean): Promise<ActionResult> {
  const rules = await purchaseRules();
  const { validate } = await import('../../../contract/account-rules');
  // Loaded with the rules, which need it too, rather than in every page's first render.
  const { todayInTokyo } = await import('../../../contract/calendar');
  const result = validate(rules.informationSchema(todayInTokyo()), form);
  if (result.ok) return { ok: true, msg: '', value: undefined };
  if (Object.keys(result.fields).length === 0) return { ok: false, msg: '', error: result.first, fields: {} };
  // Without photos, the documents' rules do not apply: the server leaves them out alike.
  const fields = Object.fromEntries(Object.entries(result.fields).filter(([field]) => photos || !isPhotoField(field)));
  const first = Object.values(fields)[0];
  return first === undefined ? { ok: true, msg: '', value: undefined } : { ok: false, msg: '', error: first, fields };
}
