import type { UserInfo } from '../../contract/api';
import type { HttpClient } from './http-client';

export interface HandoffCreated {
  path: string;
  expiresAt: string;
}

/** Where a continuation link lands: the order's payment (the default), its identity check, or its eSIM install. */
export type HandoffNext = 'pay' | 'verify' | 'esim';

export const postHandoffCreate = (http: HttpClient, orderNo: string, next?: HandoffNext) =>
  http.request<HandoffCreated>({ url: '/api/handoff/create', method: 'POST', data: { orderNo, next } });

export const postHandoffRedeem = (http: HttpClient, token: string) =>
  http.request<{ userinfo: UserInfo; orderNo: string | null; next?: HandoffNext | null }>({
    url: '/api/handoff/redeem',
    method: 'POST',
    data: { token },
  });
