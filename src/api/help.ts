import type { Faq } from '../../contract/api';
import type { HttpClient } from './http-client';

export const fetchFaqs = (http: HttpClient) => http.request<Faq[]>({ url: '/api/faq/lists' });
