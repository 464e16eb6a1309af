import { z } from 'zod';
import { CarrierUnavailableError, type LinePlatform } from './line-platform.js';

const reservationSchema = z.object({
  reservation_no: z.string().regex(/^\d{10}$/),
  valid_until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

/**
 * The carrier's line platform, shaped after the usual MVNO operations API: each call carries the
 * bearer token (LINE_API_TOKEN) and an `Idempotency-Key` (the same key twice does the work once);
 * a subscriber is named by its number. `POST /subscribers/{msisdn}/suspend|resume|terminate`,
 * `POST /subscribers/{msisdn}/sim-swap` with the new ICCID, `POST /subscribers/{msisdn}/data-charges`
 * for a top-up, `POST /subscribers/{msisdn}/mnp-reservations` answering the reservation number.
 * Failures never carry what was sent.
 */
export function liveLinePlatform(options: {
  apiBase: string;
  token: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): LinePlatform {
  const send = options.fetch ?? fetch;
  const base = options.apiBase.replace(/\/+$/, '');
  const post = async (msisdn: string, action: string, key: string, body: unknown): Promise<Response> => {
    let answer: Response;
    try {
      answer = await send(`${base}/subscribers/${encodeURIComponent(msisdn)}/${action}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: 'application/json',
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new CarrierUnavailableError(`line platform unreachable (${action}: ${reason})`);
    }
    if (!answer.ok) throw new CarrierUnavailableError(`line platform answered ${answer.status} to ${action}`);
    return answer;
  };
  return {
    name: 'live',
    async suspend(p) {
      await post(p.msisdn, 'suspend', p.key, { iccid: p.iccid });
    },
    async resume(p) {
      await post(p.msisdn, 'resume', p.key, { iccid: p.iccid });
    },
    async swapSim(p) {
      await post(p.msisdn, 'sim-swap', p.key, { old_iccid: p.oldIccid, new_iccid: p.newIccid });
    },
    async terminate(p) {
      await post(p.msisdn, 'terminate', p.key, { iccid: p.iccid });
    },
    async addData(p) {
      await post(p.msisdn, 'data-charges', p.key, { megabytes: p.megabytes, valid_until: p.validUntil });
    },
    async reserveMnp(p) {
      const answer = await post(p.msisdn, 'mnp-reservations', p.key, {});
      const parsed = reservationSchema.safeParse(await answer.json().catch(() => null));
      if (!parsed.success)
        throw new CarrierUnavailableError('line platform answered an unknown shape to mnp-reservations');
      return { reservationNo: parsed.data.reservation_no, validUntil: parsed.data.valid_until };
    },
  };
}
