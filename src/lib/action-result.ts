import { CODE_OK, type Envelope } from '../../contract/api';
import { ApiRequestError, refusalOf } from './http-core';

/** What a form shows after a request: the server's localized message and field keys. */
export type ActionResult<T = undefined> =
  | { ok: true; msg: string; value: T }
  | { ok: false; msg: string; error: string; fields: Record<string, string>; retryAfter?: number };

/** Runs a request and turns every outcome, network failures included, into an ActionResult. */
export async function toResult<D, T>(
  request: () => Promise<Envelope<D>>,
  onSuccess: (data: D) => T,
): Promise<ActionResult<T>> {
  try {
    const envelope = await request();
    if (envelope.code === CODE_OK) return { ok: true, msg: envelope.msg, value: onSuccess(envelope.data) };
    const { key, fields } = refusalOf(envelope, 'BAD_REQUEST');
    return { ok: false, msg: envelope.msg, error: key, fields };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      // A refusal with its envelope (429 from a limit) shows the server's own localized text.
      const result: ActionResult<T> = { ok: false, msg: error.text, error: error.key, fields: {} };
      if (error.retryAfter !== undefined) result.retryAfter = error.retryAfter;
      return result;
    }
    return { ok: false, msg: '', error: 'SERVER_ERROR', fields: {} };
  }
}
