import type { OrderStep, OrderView } from '../../contract/api';
import type { HttpClient, FormFields } from './http-client';

export type { OrderView };

export const postOrder = (http: HttpClient, data: FormFields) =>
  http.request<{ order: OrderView }>({ url: '/api/order/create', method: 'POST', data });

export const fetchOrder = (http: HttpClient, orderNo?: string) =>
  http.request<{ order: OrderView | null; history?: OrderStep[] }>({ url: '/api/order/detail', data: { orderNo } });

export const fetchOrders = (http: HttpClient) => http.request<{ orders: OrderView[] }>({ url: '/api/order/lists' });

export const postResubmit = (http: HttpClient, data: FormFields) =>
  http.request<{ order: OrderView }>({ url: '/api/user/submit', method: 'POST', data });
