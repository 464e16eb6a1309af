import type { OrderView } from '../../contract/api';
import type { HttpClient, FormFields } from './http-client';

export type { OrderView };

export interface PageContent {
  name: string;
  title: string;
  html: string;
}

export interface StoredDocument {
  id: string;
  kind: string;
  mime: string;
  size: number;
}


export const fetchPage = (http: HttpClient, name: string) => http.request<PageContent>({ url: '/api/page/detail', data: { name } });

export function uploadDocument(http: HttpClient, kind: string, file: Blob, fileName: string) {
  const body = new FormData();
  // The kind goes first: the server reads fields that come before the file.
  body.append('kind', kind);
  body.append('file', file, fileName);
  return http.upload<StoredDocument>(`/api/common/upload?kind=${encodeURIComponent(kind)}`, body);
}

export const fetchDocument = (http: HttpClient, id: string) => http.blob(`/api/common/file?id=${encodeURIComponent(id)}`);

export const postOrder = (http: HttpClient, data: FormFields) =>
  http.request<{ order: OrderView }>({ url: '/api/order/create', method: 'POST', data });

export const fetchOrder = (http: HttpClient, orderNo?: string) =>
  http.request<{ order: OrderView | null }>({ url: '/api/order/detail', data: { orderNo } });

export const postResubmit = (http: HttpClient, data: FormFields) =>
  http.request<{ order: OrderView }>({ url: '/api/user/submit', method: 'POST', data });
