import type { CancellationView, PortOutView } from '../../contract/leave-views';
import type { HttpClient } from './http-client';

export type { CancellationView, PortOutView };

/** The cancel page's state: the booked cancellation, or a quote for `lastDay` when given. */
export const fetchCancellation = (http: HttpClient, lastDay?: string) =>
  http.request<CancellationView>({ url: '/api/line/cancellation', data: lastDay ? { lastDay } : {} });

export const postCancellation = (http: HttpClient, lastDay: string) =>
  http.request<CancellationView>({ url: '/api/line/cancellation', method: 'POST', data: { lastDay } });

export const postWithdrawCancellation = (http: HttpClient) =>
  http.request<CancellationView>({ url: '/api/line/cancellation/withdraw', method: 'POST', data: {} });

export const fetchPortOut = (http: HttpClient) => http.request<PortOutView>({ url: '/api/line/port-out' });

export const postPortOut = (http: HttpClient) =>
  http.request<PortOutView>({ url: '/api/line/port-out', method: 'POST', data: {} });

export const postPortOutCancel = (http: HttpClient) =>
  http.request<PortOutView>({ url: '/api/line/port-out/cancel', method: 'POST', data: {} });
