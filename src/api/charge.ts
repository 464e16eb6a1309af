import { CODE_OK, type Envelope } from '../../contract/api';
import type { EsimLineView } from '../../contract/esim-views';
import type { CancellationView } from '../../contract/leave-views';
import type { HttpClient } from './http-client';

/** A one-off charge as the pay page shows it: what for and how much, tax included. */
export interface ChargeToPay {
  chargeNo: string;
  kind: 'esim_reissue' | 'final_bill';
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
  // Not a reissue's: a cancellation's final bill, payable until paid (even after the line ended).
  const leaving = await http.request<CancellationView>({ url: '/api/line/cancellation' });
  const booked = leaving.code === CODE_OK ? leaving.data.cancellation : null;
  const finalBill = booked?.chargeNo === chargeNo && booked.chargeStatus === 'unpaid';
  return {
    ...answer,
    data: { charge: finalBill ? { chargeNo, kind: 'final_bill', total: booked.total } : null },
  };
}
