import type { OrderStep, OrderView } from '../../contract/api';
import type { PurchasePrefill } from '../../contract/prefill-rules';
import type { HttpClient, FormFields } from './http-client';

export type { OrderView };

export const postOrder = (http: HttpClient, data: FormFields) =>
  http.request<{ order: OrderView }>({ url: '/api/order/create', method: 'POST', data });

export const fetchOrder = (http: HttpClient, orderNo?: string) =>
  http.request<{ order: OrderView | null; history?: OrderStep[] }>({ url: '/api/order/detail', data: { orderNo } });

export const fetchOrders = (http: HttpClient) => http.request<{ orders: OrderView[] }>({ url: '/api/order/lists' });

export const postResubmit = (http: HttpClient, data: FormFields) =>
  http.request<{ order: OrderView }>({ url: '/api/user/submit', method: 'POST', data });

/** The purchase in progress the server keeps for a signed-in customer (contract/draft-rules.ts). */
export interface ServerDraft {
  planId: number | null;
  form: Record<string, string>;
  fileNames: Record<string, string>;
}

export const fetchServerDraft = (http: HttpClient) =>
  http.request<{ draft: ServerDraft | null }>({ url: '/api/purchase/draft' });

export const putServerDraft = (http: HttpClient, draft: ServerDraft) =>
  http.request<Record<string, never>>({
    url: '/api/purchase/draft',
    method: 'POST',
    data: { draft: JSON.stringify(draft) },
  });

/** A returning customer's last order, to start the next purchase from (null: none). */
export const fetchPrefill = (http: HttpClient) =>
  http.request<{ prefill: PurchasePrefill | null }>({ url: '/api/purchase/prefill' });
