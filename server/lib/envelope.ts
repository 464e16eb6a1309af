import { CODE_OK, CODE_REFUSED, type Envelope, type ErrorData, type Lang } from '../../contract/api.js';
import { message } from './messages.js';

export function ok<T>(lang: Lang, data: T, messageKey = 'api.ok'): Envelope<T> {
  return { code: CODE_OK, msg: message(lang, messageKey), time: Math.floor(Date.now() / 1000), data };
}

export function refused(
  lang: Lang,
  key: string,
  fields?: Record<string, string>,
  params: Record<string, string | number> = {},
  messageKey = `api.errors.${key}`,
): Envelope<ErrorData> {
  const data: ErrorData = fields ? { error: key, fields } : { error: key };
  return {
    code: CODE_REFUSED,
    msg: message(lang, messageKey, params),
    time: Math.floor(Date.now() / 1000),
    data,
  };
}

/** JSON schema of the envelope around `data`, so each route declares exactly what it may send. */
export function envelopeSchema(data: object): object {
  return {
    type: 'object',
    required: ['code', 'msg', 'time', 'data'],
    properties: {
      code: { type: 'integer' },
      msg: { type: 'string' },
      time: { type: 'integer' },
      data,
    },
  };
}

export const errorEnvelopeSchema = envelopeSchema({
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
});
