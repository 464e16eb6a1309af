import { z } from 'zod';
import { isProofDateValid } from './calendar';
import { normalizeMobile } from './line-rules';
import { addressFields, formOf, isPhone, isPostcode } from './purchase-rules';

// What a customer may change after buying: address (with the address-proof rule) and personal data.

const required = (message = 'REQUIRED') => z.string({ error: message }).trim().min(1, message);
const optional = (max: number) => z.string().trim().max(max, 'TOO_LONG').optional().default('');

export const addressSchema = (today: string) =>
  z
    .object({
      ...addressFields,
      proofType: optional(20),
      proofDate: optional(10),
      proofDoc: optional(64),
    })
    .superRefine((v, ctx) => {
      if (!isPostcode(v.region, v.postcode))
        ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'POSTCODE_INVALID' });
      if (v.proofDate && !isProofDateValid(v.proofDate, today))
        ctx.addIssue({ code: 'custom', path: ['proofDate'], message: 'PROOF_TOO_OLD' });
    });

export const personalSchema = z.object({
  lastName: required().max(50, 'TOO_LONG'),
  firstName: required().max(50, 'TOO_LONG'),
  phone: required().refine(isPhone, 'PHONE_INVALID'),
  visaType: z.enum(['study', 'non_study'], { error: 'REQUIRED' }),
});
export type PersonalInput = z.infer<typeof personalSchema>;

/** The change-of-address form as sent; addressSchema judges it against the server's clock. */
export const addressFormSchema = formOf([
  'region',
  'postcode',
  'province',
  'city',
  'district',
  'block',
  'building',
  'proofType',
  'proofDate',
  'proofDoc',
]);
export type AddressForm = z.infer<typeof addressFormSchema>;

/** A plan change (`planId`), or `action=cancel` to withdraw the pending one. */
export const planChangeFormSchema = formOf(['planId', 'action']);

const short = z.string().max(1000).optional();

/** A Japanese or Chinese mobile number as country code and number, stored as E.164. */
const mobileFields = { country: short, mobile: short };
function withMobile<T extends { country?: string | undefined; mobile?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  const mobile = normalizeMobile(value.country ?? '', value.mobile ?? '');
  if (!mobile) {
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'MOBILE_INVALID' });
    return z.NEVER;
  }
  return { ...value, mobile };
}

/** Sends a binding code to a mobile number. */
export const smsSendSchema = z.object({ ...mobileFields, event: short }).transform(withMobile);

/** Binds the number the code was sent to; `password` when moving an already bound number. */
export const bindMobileSchema = z
  .object({
    ...mobileFields,
    code: z.string({ error: 'CODE_INVALID' }).regex(/^\d{6}$/, 'CODE_INVALID'),
    password: z.preprocess((value) => (value === '' ? undefined : value), short),
  })
  .transform(withMobile);
