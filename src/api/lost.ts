import type { ReplacementKind } from '../../contract/lifecycle-rules';
import type { LostLineView, ReplacementView } from '../../contract/lost-views';
import type { HttpClient } from './http-client';

export type { LostLineView, ReplacementView };

/** The lost page's state (GET /api/line/replacement): the line, the fee, the ways, the replacement. */
export const fetchLostLine = (http: HttpClient) => http.request<LostLineView>({ url: '/api/line/replacement' });

/** Stops the SIM at once (the carrier first); a line already lost answers as it is. */
export const postLost = (http: HttpClient) =>
  http.request<LostLineView>({ url: '/api/line/lost', method: 'POST', data: {} });

export const postReplacement = (http: HttpClient, kind: ReplacementKind) =>
  http.request<LostLineView>({ url: '/api/line/replacement', method: 'POST', data: { kind } });

export const postReplacementCancel = (http: HttpClient) =>
  http.request<LostLineView>({ url: '/api/line/replacement/cancel', method: 'POST', data: {} });
