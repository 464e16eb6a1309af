import { CODE_OK, type Envelope } from '../../contract/api';
import type { EsimLineView } from '../../contract/esim-views';
import type { TopupsPage } from '../../contract/topup-views';
import type { HttpClient } from './http-client';

/** A one-off charge as the pay page shows it: what for and how much, tax included. */
export interface ChargeToPay {
  chargeNo: string;
  kind: 'esim_reissue' | 'topup';
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
  if (waiting) return { ...answer, data: { charge: { chargeNo, kind: 'esim_reissue', total: reissue.fee } } };
  // Not a reissue's fee: the line's open data top-up (GET /api/line/topups), if it is that one.
  const topups = await http.request<TopupsPage>({ url: '/api/line/topups' });
  if (topups.code !== CODE_OK) return { ...answer, data: { charge: null } };
  const open = topups.data.open;
  const topup = open?.chargeNo === chargeNo && open.status === 'awaiting_payment';
  return { ...answer, data: { charge: topup ? { chargeNo, kind: 'topup', total: open.price } : null } };
}
