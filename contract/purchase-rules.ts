import { z } from 'zod';
import { emailRule } from './account-rules';
import { DELIVERIES } from './esim-rules';
import { addMonths, isIsoDate, isProofDateValid, PROOF_VALID_MONTHS } from './calendar';

// Step 2 of the purchase (docs/requirements.md#fields-and-their-rules). Messages are keys under api.errors.

const required = (message = 'REQUIRED') => z.string({ error: message }).trim().min(1, message);
const optional = (max: number) => z.string().trim().max(max, 'TOO_LONG').optional().default('');

export const REGIONS = ['JP', 'CN'] as const;
export type Region = (typeof REGIONS)[number];

export function isPostcode(region: Region, value: string): boolean {
  return region === 'JP' ? /^\d{3}-?\d{4}$/.test(value) : /^\d{6}$/.test(value);
}

/** Japanese (0X0-XXXX-XXXX, landline 0X-XXXX-XXXX) or Chinese mainland (1XXXXXXXXXX) numbers, +81 / +86 allowed. */
export function isPhone(value: string): boolean {
  const compact = value.replace(/[\s-]/g, '');
  // 070/080/090 mobiles have 11 digits; other Japanese numbers 10.
  return /^(\+81|0)([789]0\d{8}|(?![789]0)[1-9]\d{8})$/.test(compact) || /^(\+86)?1\d{10}$/.test(compact);
}

export function isBirthdayValid(value: string, today: string): boolean {
  return isIsoDate(value) && value < today && value >= addMonths(today, -12 * 120);
}

/** The address fields, shared by purchase step 2 and the change-of-address screen. */
export const addressFields = {
  region: z.enum(REGIONS, { error: 'REQUIRED' }),
  postcode: required(),
  province: required().max(50, 'TOO_LONG'),
  city: required().max(50, 'TOO_LONG'),
  district: optional(50),
  block: required().max(100, 'TOO_LONG'),
  building: optional(100),
};

/**
 * `photos`: whether this order is verified by document photos (contract/identity-rules.ts
 * photosRequired: data plans while KYC_PHOTO_FOR_DATA=on). Without them (voice plans, or data
 * plans when photos are off) no document photo is asked for, nor kept if sent: the IC chip,
 * JPKI or the counter verify the customer instead.
 */
export const informationSchema = (today: string, options: { photos?: boolean } = {}) =>
  options.photos === false ? withoutPhotosSchema(today) : withPhotosSchema(today);

const withoutPhotosSchema = (today: string) =>
  z
    .object({
      ...personFields(today),
      residenceFront: z
        .unknown()
        .optional()
        .transform(() => ''),
      residenceBack: z
        .unknown()
        .optional()
        .transform(() => ''),
      // Typed as the photo form's, so one information type serves both; stored as ''.
      identityKind: z
        .unknown()
        .optional()
        .transform(() => '' as 'passport' | 'admission_permit'),
      identityDoc: z
        .unknown()
        .optional()
        .transform(() => ''),
      addressSame: z
        .unknown()
        .optional()
        .transform((): 'yes' | 'no' => 'yes'),
      proofType: z
        .unknown()
        .optional()
        .transform(() => ''),
      proofDate: z
        .unknown()
        .optional()
        .transform(() => ''),
      proofDoc: z
        .unknown()
        .optional()
        .transform(() => ''),
    })
    .superRefine(
      (parsed, ctx) => {
        const v = textOf(parsed);
        if (v.postcode && !isPostcode(v.region === 'CN' ? 'CN' : 'JP', v.postcode))
          ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'POSTCODE_INVALID' });
        if (v.delivery === 'pickup' && !/^\d+$/.test(v.storeId)) {
          ctx.addIssue({ code: 'custom', path: ['storeId'], message: 'STORE_REQUIRED' });
        }
        if (v.delivery === 'esim' && v.esimConfirm !== 'yes') {
          ctx.addIssue({ code: 'custom', path: ['esimConfirm'], message: 'ESIM_CONFIRM_REQUIRED' });
        }
      },
      { when: () => true },
    );

const personFields = (today: string) => ({
  lastName: required().max(50, 'TOO_LONG'),
  firstName: required().max(50, 'TOO_LONG'),
  email: emailRule,
  birthday: required().refine((v) => isBirthdayValid(v, today), 'BIRTHDAY_INVALID'),
  ...addressFields,
  phone: required().refine(isPhone, 'PHONE_INVALID'),
  delivery: z.enum(DELIVERIES, { error: 'REQUIRED' }),
  storeId: optional(12),
  // eSIM only: the customer's word that the phone is SIM-unlocked and takes an eSIM ('yes').
  esimConfirm: optional(3),
  visaType: z.enum(['study', 'non_study'], { error: 'REQUIRED' }),
});

const withPhotosSchema = (today: string) =>
  z
    .object({
      ...personFields(today),
      // Each document says which one is missing: the error summary lists them one by one.
      residenceFront: required('RESIDENCE_FRONT_REQUIRED'),
      residenceBack: required('RESIDENCE_BACK_REQUIRED'),
      identityKind: z.enum(['passport', 'admission_permit'], { error: 'REQUIRED' }),
      identityDoc: required('IDENTITY_DOC_REQUIRED'),
      // "yes" when the SIM goes to the address printed on the residence card.
      addressSame: z.enum(['yes', 'no'], { error: 'REQUIRED' }),
      proofType: optional(20),
      proofDate: optional(10),
      proofDoc: optional(64),
    })
    // Run even when other fields already failed (`when`), so a refused form names every field
    // at fault at once, the proof's parts included, not only after the rest is fixed. The
    // value may then be partly unparsed: each field is read as a string or nothing.
    .superRefine(
      (parsed, ctx) => {
        const v = textOf(parsed);
        if (v.postcode && !isPostcode(v.region === 'CN' ? 'CN' : 'JP', v.postcode))
          ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'POSTCODE_INVALID' });
        if (v.delivery === 'pickup' && !/^\d+$/.test(v.storeId)) {
          ctx.addIssue({ code: 'custom', path: ['storeId'], message: 'STORE_REQUIRED' });
        }
        if (v.delivery === 'esim' && v.esimConfirm !== 'yes') {
          ctx.addIssue({ code: 'custom', path: ['esimConfirm'], message: 'ESIM_CONFIRM_REQUIRED' });
        }
        if (v.addressSame === 'no') {
          if (v.proofType !== 'utility_bill' && v.proofType !== 'resident_ticket') {
            ctx.addIssue({ code: 'custom', path: ['proofType'], message: 'PROOF_TYPE_REQUIRED' });
          }
          // Each missing part says which it is: the summary lists them one by one.
          if (!v.proofDate) ctx.addIssue({ code: 'custom', path: ['proofDate'], message: 'PROOF_DATE_REQUIRED' });
          else if (!isProofDateValid(v.proofDate, today)) {
            ctx.addIssue({ code: 'custom', path: ['proofDate'], message: 'PROOF_TOO_OLD' });
          }
          if (!v.proofDoc) ctx.addIssue({ code: 'custom', path: ['proofDoc'], message: 'PROOF_REQUIRED' });
        }
      },
      { when: () => true },
    );

const CROSS_CHECKED = [
  'postcode',
  'region',
  'delivery',
  'storeId',
  'esimConfirm',
  'addressSame',
  'proofType',
  'proofDate',
  'proofDoc',
] as const;

/** The cross-checked fields as trimmed text ('' when absent or not text), whatever the input. */
function textOf(value: unknown): Record<(typeof CROSS_CHECKED)[number], string> {
  const record = new Map(typeof value === 'object' && value !== null ? Object.entries(value) : []);
  const read = (key: string) => {
    const field: unknown = record.get(key);
    return typeof field === 'string' ? field.trim() : '';
  };
  return Object.fromEntries(CROSS_CHECKED.map((key) => [key, read(key)])) as Record<
    (typeof CROSS_CHECKED)[number],
    string
  >;
}

export type PurchaseInformation = z.infer<ReturnType<typeof withPhotosSchema>>;

export const INFORMATION_FIELDS = [
  'lastName',
  'firstName',
  'email',
  'birthday',
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
  // The customer's word that the phone takes an eSIM: without it here, the form would drop it.
  'esimConfirm',
  'visaType',
  'residenceFront',
  'residenceBack',
  'identityKind',
  'identityDoc',
  'addressSame',
  'proofType',
  'proofDate',
  'proofDoc',
] as const;

export { PROOF_VALID_MONTHS };

const formString = z.string().max(1000).optional();
type FormShape<K extends string> = { [F in K]: typeof formString };
/**
 * A form of short strings whose rules are applied later, by a service that knows the clock or
 * the stored data. Past 1000 characters, or not a string, is a malformed request (400).
 */
export function formOf<K extends string>(fields: readonly K[]) {
  return z.object(Object.fromEntries(fields.map((f) => [f, formString])) as FormShape<K>);
}

/**
 * Step 2 as sent to /api/order/create. The rules above are applied by the server's order
 * service, which checks the plan first and dates against its own clock; a price or total in
 * the body is dropped here: the plan decides.
 */
export const orderFormSchema = formOf([...INFORMATION_FIELDS, 'planId', 'signatureId']);
export type OrderForm = z.infer<typeof orderFormSchema>;

/** Corrections to a rejected order: only the fields sent change, the rest comes from the order. */
export const resubmitFormSchema = formOf([...INFORMATION_FIELDS, 'orderNo']);
export type ResubmitForm = z.infer<typeof resubmitFormSchema>;
