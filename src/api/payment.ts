import type { RefundView } from '../../contract/api';
import type { PayCreated } from '../../contract/payment-views';
import type { FormFields, HttpClient } from './http-client';

export type { PayCreated } from '../../contract/payment-views';

export interface PayStatus {
  paymentNo: string;
  status: 'pending' | 'paid' | 'failed' | 'expired' | 'closed';
  failureCode: string | null;
  targetType: string;
  method: string;
  /** Yen with tax; the order's, bill's or charge's number; when paid (or started), ISO. */
  amount: number;
  targetNo: string;
  at: string;
  /** What a charge pays for (topup, esim_reissue); absent from an older server. */
  chargeKind?: string | null;
}

export const postPay = (http: HttpClient, data: FormFields) =>
  http.request<PayCreated>({ url: '/api/pay/create', method: 'POST', data });

export const fetchPayStatus = (http: HttpClient, paymentNo: string) =>
  http.request<PayStatus>({ url: '/api/pay/status', data: { paymentNo } });

/** Surplus payments on one order, bill or charge being sent back. */
export const fetchRefunds = (http: HttpClient, target: { orderNo?: string; billNo?: string; chargeNo?: string }) =>
  http.request<{ refunds: RefundView[] }>({ url: '/api/pay/refunds', data: target });
