import type { HttpClient } from './http-client';

export interface Faq {
  id: number;
  topic: string;
  question: string;
  answer: string;
}

export const fetchFaqs = (http: HttpClient) => http.request<Faq[]>({ url: '/api/faq/lists' });
