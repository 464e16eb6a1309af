import { z } from 'zod';
import { isProofDateValid } from './calendar';
import { isPhone, isPostcode, REGIONS } from './purchase-rules';

// What a customer may change after buying: address (with the address-proof rule) and personal data.

const required = (message = 'REQUIRED') => z.string({ error: message }).trim().min(1, message);
const optional = (max: number) => z.string().trim().max(max, 'TOO_LONG').optional().default('');

export const addressSchema = (today: string) =>
  z
    .object({
      region: z.enum(REGIONS, { error: 'REQUIRED' }),
      postcode: required(),
      province: required().max(50, 'TOO_LONG'),
      city: required().max(50, 'TOO_LONG'),
      district: optional(50),
      block: required().max(100, 'TOO_LONG'),
      building: optional(100),
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
