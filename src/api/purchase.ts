import type { OrderView } from '../../contract/api';
import type { HttpClient, FormFields } from './http-client';

export type { OrderView };

export const postOrder = (http: HttpClient, data: FormFields) =>
  http.request<{ order: OrderView }>({ url: '/api/order/create', method: 'POST', data });

export const fetchOrder = (http: HttpClient, orderNo?: string) =>
  http.request<{ order: OrderView | null }>({ url: '/api/order/detail', data: { orderNo } });

export const postResubmit = (http: HttpClient, data: FormFields) =>
  http.request<{ order: OrderView }>({ url: '/api/user/submit', method: 'POST', data });
