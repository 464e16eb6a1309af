import { z } from 'zod';
import { STAFF_ROLES, STAFF_STAGES } from './staff-roles.js';

const field = z.string().max(200).optional();

/** Staff sign-in, step by step: password, then a TOTP code, then (the first time) a password of one's own. */
export const staffLoginSchema = z.object({ login: field, password: field });
export const staffCodeSchema = z.object({ code: field });
export const staffPasswordSchema = z.object({ password: field });

export const staffStageSchema = z.object({ stage: z.enum(STAFF_STAGES) });

/** Who is signed in, and the token every change must echo in `x-csrf-token`. */
export const staffMeSchema = z.object({
  stage: z.enum(STAFF_STAGES),
  csrf: z.string(),
  staff: z.object({ login: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) }),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const totpSetupSchema = z.object({ uri: z.string(), secret: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** The header a console request carries its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';
