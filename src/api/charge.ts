import { CODE_OK, type Envelope } from '../../contract/api';
import type { EsimLineView } from '../../contract/esim-views';
import type { LostLineView } from '../../contract/lost-views';
import type { HttpClient } from './http-client';

/** A one-off charge as the pay page shows it: what for and how much, tax included. */
export interface ChargeToPay {
  chargeNo: string;
  kind: 'esim_reissue' | 'sim_replacement';
  total: number;
}

/**
 * The charge the customer was sent to pay, from the reissue waiting for it (GET /api/esim/line);
 * null when none waits for this number any more (paid, withdrawn, or not theirs).
 */
export async function fetchChargeToPay(
  http: HttpClient,
  chargeNo: string,
): Promise<Envelope<{ charge: ChargeToPay | null }>> {
  const answer = await http.request<EsimLineView>({ url: '/api/esim/line' });
  // A refusal passes through as it came: the page shows its words and a retry.
  if (answer.code !== CODE_OK) return answer as unknown as Envelope<{ charge: null }>;
  const reissue = answer.data.openReissue;
  const waiting = reissue?.chargeNo === chargeNo && reissue.status === 'awaiting_payment';
  // Not the reissue's: a lost SIM's replacement fee (issue 31), from the lost page's state.
  if (!waiting) {
    const lost = await http.request<LostLineView>({ url: '/api/line/replacement' });
    const replacement = lost.code === CODE_OK ? lost.data.replacement : null;
    if (replacement?.chargeNo === chargeNo && replacement.status === 'awaiting_payment')
      return { ...lost, data: { charge: { chargeNo, kind: 'sim_replacement', total: replacement.fee } } };
  }
  return {
    ...answer,
    data: { charge: waiting ? { chargeNo, kind: 'esim_reissue', total: reissue.fee } : null },
  };
}
