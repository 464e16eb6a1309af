import { z } from 'zod';
import { PROVIDER_PROFILE_STATES } from '../../../contract/esim-rules.js';
import { EsimUnavailableError, type EsimProvider } from './esim-provider.js';
import { verifyNotice } from './notice-signature.js';

const reservedSchema = z.object({ msisdn: z.string().regex(/^0[789]0\d{8}$/) });
const statusSchema = z.object({ state: z.enum(PROVIDER_PROFILE_STATES) });

/**
 * The carrier's eSIM platform, shaped after the usual carrier REST API: each call carries the
 * bearer token (ESIM_API_TOKEN); `POST /profiles/{iccid}/reserve` binds it to a subscriber,
 * `POST /profiles/{iccid}/release` revokes it, `GET /profiles/{iccid}` tells its state. Install
 * notices come back signed with ESIM_WEBHOOK_SECRET (notice-signature.ts). Failures never carry
 * what was sent (the matching ID is in the reserve body).
 */
export function liveEsim(options: {
  apiBase: string;
  token: string;
  secret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): EsimProvider {
  const send = options.fetch ?? fetch;
  const base = options.apiBase.replace(/\/+$/, '');
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> => {
    try {
      return await send(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new EsimUnavailableError(`eSIM platform unreachable (${method} ${path.split('/')[1] ?? ''}: ${reason})`);
    }
  };
  const json = async <T>(answer: Response, schema: z.ZodType<T>, what: string): Promise<T> => {
    if (!answer.ok) throw new EsimUnavailableError(`eSIM platform answered ${answer.status} to ${what}`);
    const parsed = schema.safeParse(await answer.json().catch(() => null));
    if (!parsed.success) throw new EsimUnavailableError(`eSIM platform answered an unknown shape to ${what}`);
    return parsed.data;
  };
  const path = (iccid: string) => `/profiles/${encodeURIComponent(iccid)}`;
  return {
    name: 'live',
    async reserve(p) {
      const answer = await call('POST', `${path(p.iccid)}/reserve`, {
        smdp_address: p.smdpAddress,
        matching_id: p.matchingId,
        msisdn: p.msisdn,
      });
      return json(answer, reservedSchema, 'reserve');
    },
    async release(iccid) {
      const answer = await call('POST', `${path(iccid)}/release`, {});
      // Already revoked is what we wanted: releasing twice is harmless.
      if (answer.ok || answer.status === 409 || answer.status === 410) return;
      throw new EsimUnavailableError(`eSIM platform answered ${answer.status} to release`);
    },
    async status(iccid) {
      const answer = await call('GET', path(iccid));
      return (await json(answer, statusSchema, 'status')).state;
    },
    verifyNotice: (headers, raw, now) => verifyNotice(options.secret, headers, raw, now),
  };
}
