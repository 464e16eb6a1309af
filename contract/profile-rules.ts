import { z } from 'zod';
import { isProofDateValid } from './calendar';
import { addressFields, isPhone, isPostcode } from './purchase-rules';

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
      if (!isPostcode(v.region, v.postcode)) ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'POSTCODE_INVALID' });
      if (v.proofDate && !isProofDateValid(v.proofDate, today)) ctx.addIssue({ code: 'custom', path: ['proofDate'], message: 'PROOF_TOO_OLD' });
    });

export const personalSchema = z.object({
  lastName: required().max(50, 'TOO_LONG'),
  firstName: required().max(50, 'TOO_LONG'),
  phone: required().refine(isPhone, 'PHONE_INVALID'),
  visaType: z.enum(['study', 'non_study'], { error: 'REQUIRED' }),
});
