import { CODE_OK, type Envelope } from '../../contract/api';
import type { ChargeKindView } from '../../contract/views';
import type { HttpClient } from './http-client';

/** A one-off charge as the pay page shows it: what for and how much, tax included. */
export interface ChargeToPay {
  chargeNo: string;
  kind: ChargeKindView;
  total: number;
}

/**
 * The charge the customer was sent to pay (GET /api/charge/detail), whatever it is for; null
 * when none waits for this number any more (paid, withdrawn, or not theirs).
 */
export async function fetchChargeToPay(
  http: HttpClient,
  chargeNo: string,
): Promise<Envelope<{ charge: ChargeToPay | null }>> {
  const answer = await http.request<{ charge: (ChargeToPay & { status: string }) | null }>({
    url: '/api/charge/detail',
    data: { chargeNo },
  });
  // A refusal passes through as it came: the page shows its words and a retry.
  if (answer.code !== CODE_OK) return answer;
  const charge = answer.data.charge;
  return {
    ...answer,
    data: { charge: charge?.status === 'unpaid' ? { chargeNo, kind: charge.kind, total: charge.total } : null },
  };
}
