import type { z } from 'zod';
import type { OnlineMethod } from '../../contract/identity-rules';
import type { IdentityState, identityStartedSchema } from '../../contract/identity-views';
import type { HttpClient } from './http-client';

export type { IdentityState } from '../../contract/identity-views';
export type IdentityStarted = z.infer<typeof identityStartedSchema>;

/** Begins a verification of an order by the IC chip or JPKI: where the provider's app opens. */
export const postIdentityStart = (http: HttpClient, orderNo: string, method: OnlineMethod) =>
  http.request<IdentityStarted>({ url: '/api/identity/start', method: 'POST', data: { orderNo, method } });

/** Where the order's identity check stands: methods allowed, whether it passes, the latest attempt. */
export const fetchIdentityStatus = (http: HttpClient, orderNo: string) =>
  http.request<IdentityState>({ url: '/api/identity/status', data: { orderNo } });
