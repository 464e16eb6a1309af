import type { z } from 'zod';
import { validate } from '../../contract/account-rules.js';
import { ApiError } from './errors.js';

/** Applies a contract rule set; a broken rule becomes a localized code-0 answer naming the field. */
export function parseWith<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = validate(schema, input ?? {});
  if (!result.ok) throw new ApiError(result.first, 200, result.fields);
  return result.value;
}

/** Declares a form body of short strings; the rules themselves live in contract/. */
export function formBody(fields: string[], maxLength = 1000): object {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f, { type: 'string', maxLength }])),
  };
}
