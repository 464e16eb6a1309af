import { CODE_OK, type Envelope, type ErrorData } from '../../contract/api';
import { ApiRequestError } from './http-core';

/** What a form shows after a request: the server's localized message and field keys. */
export type ActionResult<T = undefined> =
  | { ok: true; msg: string; value: T }
  | { ok: false; msg: string; error: string; fields: Record<string, string>; retryAfter?: number };

function isErrorData(data: unknown): data is ErrorData {
  return typeof data === 'object' && data !== null && 'error' in data;
}

/** Runs a request and turns every outcome, network failures included, into an ActionResult. */
export async function toResult<D, T>(
  request: () => Promise<Envelope<D>>,
  onSuccess: (data: D) => T,
): Promise<ActionResult<T>> {
  try {
    const envelope = await request();
    if (envelope.code === CODE_OK) return { ok: true, msg: envelope.msg, value: onSuccess(envelope.data) };
    const data: unknown = envelope.data;
    return {
      ok: false,
      msg: envelope.msg,
      error: isErrorData(data) ? String(data.error) : 'BAD_REQUEST',
      fields: isErrorData(data) && data.fields ? data.fields : {},
    };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      const body = error.data as Partial<Envelope<unknown>> | null;
      const data: unknown = body?.data;
      const key =
        error.kind === 'timeout'
          ? 'TIMEOUT'
          : error.kind === 'network'
            ? 'NETWORK'
            : isErrorData(data)
              ? String(data.error)
              : 'SERVER_ERROR';
      // A refusal with its envelope (429 from a limit) shows the server's own localized text.
      const result: ActionResult<T> = {
        ok: false,
        msg: typeof body?.msg === 'string' ? body.msg : '',
        error: key,
        fields: {},
      };
      if (error.retryAfter !== undefined) result.retryAfter = error.retryAfter;
      return result;
    }
    return { ok: false, msg: '', error: 'SERVER_ERROR', fields: {} };
  }
}
