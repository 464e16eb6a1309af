import type { UserInfo } from '../../contract/api';
import type { HttpClient } from './http-client';

export interface HandoffCreated {
  path: string;
  expiresAt: string;
}

export const postHandoffCreate = (http: HttpClient, orderNo: string) =>
  http.request<HandoffCreated>({ url: '/api/handoff/create', method: 'POST', data: { orderNo } });

export const postHandoffRedeem = (http: HttpClient, token: string) =>
  http.request<{ userinfo: UserInfo; orderNo: string | null }>({
    url: '/api/handoff/redeem',
    method: 'POST',
    data: { token },
  });
