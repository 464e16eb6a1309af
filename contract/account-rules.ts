import { z } from 'zod';
import { PASSWORD_CHARACTERS, PASSWORD_MAX, PASSWORD_MIN } from './password-rule';

// Field rules of docs/requirements.md#fields-and-their-rules, used by the app before sending and by the server
// before trusting. Each message is a stable key with a text under `api.errors.<key>`.

export { PASSWORD_MAX, PASSWORD_MIN } from './password-rule';
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 32;
export const CODE_LENGTH = 6;

const required = (message = 'REQUIRED') => z.string({ error: message }).trim().min(1, message);

export const emailRule = required()
  .toLowerCase()
  .max(254, 'EMAIL_INVALID')
  .pipe(z.email({ error: 'EMAIL_INVALID' }));

/** "8位以上" includes 8: a letter and a digit both present; symbols allowed (password-rule.ts). */
export const passwordRule = z
  .string({ error: 'REQUIRED' })
  .min(1, 'REQUIRED')
  .min(PASSWORD_MIN, 'PASSWORD_RULE')
  .max(PASSWORD_MAX, 'PASSWORD_RULE')
  .regex(PASSWORD_CHARACTERS, 'PASSWORD_RULE')
  .regex(/[A-Za-z]/, 'PASSWORD_RULE')
  .regex(/[0-9]/, 'PASSWORD_RULE');

export const usernameRule = required()
  .min(USERNAME_MIN, 'USERNAME_RULE')
  .max(USERNAME_MAX, 'USERNAME_RULE')
  // Any script (customers write Chinese and Japanese names), but no spaces, no symbols
  // that could pass for an e-mail address, and no control characters.
  .regex(/^[\p{L}\p{N}_\-.]+$/u, 'USERNAME_RULE');

export const codeRule = required().regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'CODE_INVALID');

function passwordsMatch<T extends { password: string; repassword: string }>(schema: z.ZodType<T>) {
  return schema.refine((v) => v.password === v.repassword, { message: 'PASSWORD_MISMATCH', path: ['repassword'] });
}

export const registerSchema = passwordsMatch(
  z.object({
    username: usernameRule,
    email: emailRule,
    password: passwordRule,
    repassword: z.string({ error: 'REQUIRED' }).min(1, 'REQUIRED'),
  }),
);

export const loginSchema = z.object({
  email: emailRule,
  // Never tell a visitor which rule an existing password breaks: only presence is checked.
  password: z.string({ error: 'REQUIRED' }).min(1, 'REQUIRED').max(256, 'LOGIN_FAILED'),
});

export const emailOnlySchema = z.object({ email: emailRule });

export const setPasswordWithCodeSchema = passwordsMatch(
  z.object({
    email: emailRule,
    code: codeRule,
    password: passwordRule,
    repassword: z.string({ error: 'REQUIRED' }).min(1, 'REQUIRED'),
  }),
);

/** An empty field is a field left alone. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const profileSchema = z.object({
  username: usernameRule,
  email: z.preprocess(blankAsAbsent, emailRule.optional()),
  code: z.preprocess(blankAsAbsent, codeRule.optional()),
});

export const authCodeSchema = z.object({
  auth_code: required().max(512, 'BAD_REQUEST'),
  platform: z.enum(['wechat', 'alipay'], { error: 'BAD_REQUEST' }),
});

/** POST /api/user/wechat_payer: a WeChat authorization code, for the signed-in customer's openid. */
export const wechatPayerSchema = z.object({ auth_code: required().max(512, 'BAD_REQUEST') });

/** POST /api/user/lang: the title-bar switch of a signed-in customer, saved to the account. */
export const langFormSchema = z.object({ lang: z.enum(['cn', 'ja'], { error: 'BAD_REQUEST' }) });

export const emailCodeSchema = z.object({
  email: emailRule,
  event: z.enum(['change_email'], { error: 'BAD_REQUEST' }),
});

const formString = z.string().max(1000).optional();

/**
 * Activation and password retrieval as sent: without `code` they ask for one (emailOnlySchema),
 * with it they set the password (setPasswordWithCodeSchema); the route picks the rules.
 */
export const accountCodeFormSchema = z.object({
  email: formString,
  code: formString,
  password: formString,
  repassword: formString,
});

export type FieldErrors = Record<string, string>;

/** The first rule each field breaks, as `{ field: KEY }`. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; fields: FieldErrors; first: string };

export function validate<T>(schema: z.ZodType<T>, input: unknown): Validation<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fields = fieldErrors(result.error);
  return { ok: false, fields, first: Object.values(fields)[0] ?? 'BAD_REQUEST' };
}
