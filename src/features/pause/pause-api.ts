import type { LineHistory, PauseView } from '../../../contract/pause-views';
import type { HttpClient } from '../../api/http-client';

export type { LineHistory, PauseView };

export const fetchPause = (http: HttpClient) => http.request<PauseView>({ url: '/api/line/pause' });

/** Books a pause; without resumeOn it runs the longest allowed. */
export const postPause = (http: HttpClient, start: string, resumeOn: string) =>
  http.request<PauseView>({ url: '/api/line/pause', method: 'POST', data: { start, resumeOn } });

export const postPauseCancel = (http: HttpClient) =>
  http.request<PauseView>({ url: '/api/line/pause/cancel', method: 'POST', data: {} });

export const postResume = (http: HttpClient) =>
  http.request<PauseView>({ url: '/api/line/resume', method: 'POST', data: {} });

export const fetchLineHistory = (http: HttpClient) => http.request<LineHistory>({ url: '/api/line/history' });
