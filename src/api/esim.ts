import type { EsimLineView, EsimOrderView, ReissueView } from '../../contract/esim-views';
import type { ReissueReason } from '../../contract/esim-rules';
import type { HttpClient } from './http-client';

export type { EsimLineView, EsimOrderView, ReissueView };

/** The install state of one of the customer's eSIM orders; the activation code only while ready. */
export const fetchEsimOrder = (http: HttpClient, orderNo: string) =>
  http.request<EsimOrderView>({ url: '/api/esim/order', data: { orderNo } });

/** The customer says the profile is on the phone; the line opens when the carrier or staff confirm. */
export const postEsimInstalled = (http: HttpClient, orderNo: string) =>
  http.request<EsimOrderView>({ url: '/api/esim/installed', method: 'POST', data: { orderNo } });

export const fetchEsimLine = (http: HttpClient) => http.request<EsimLineView>({ url: '/api/esim/line' });

export const postReissue = (http: HttpClient, reason: ReissueReason) =>
  http.request<ReissueView>({ url: '/api/esim/reissue', method: 'POST', data: { reason } });

export const postReissueCancel = (http: HttpClient, reissueNo: string) =>
  http.request<ReissueView>({ url: '/api/esim/reissue/cancel', method: 'POST', data: { reissueNo } });
