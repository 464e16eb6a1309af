import type { AutoTopupView, CardOnFileView, TopupsPage, TopupView } from '../../contract/topup-views';
import type { HttpClient } from './http-client';

export type { AddonView, AutoTopupView, CardOnFileView, TopupsPage, TopupView } from '../../contract/topup-views';

export const fetchTopups = (http: HttpClient) => http.request<TopupsPage>({ url: '/api/line/topups' });

/** Opens a top-up and its charge (or answers the one already open). */
export const postTopup = (http: HttpClient, addonId: string) =>
  http.request<TopupView>({ url: '/api/line/topups', method: 'POST', data: { addonId } });

export const postTopupCancel = (http: HttpClient) =>
  http.request<TopupView>({ url: '/api/line/topups/cancel', method: 'POST', data: {} });

/** The gateway's token for the card (tokenizeCard); the card itself never comes to /api. */
export const postCard = (http: HttpClient, token: string) =>
  http.request<CardOnFileView>({ url: '/api/line/card', method: 'POST', data: { token } });

export const postCardRemove = (http: HttpClient) =>
  http.request<AutoTopupView>({ url: '/api/line/card/remove', method: 'POST', data: {} });

export const postAutoTopup = (http: HttpClient, settings: { enabled: boolean; addonId: string; monthlyCap: number }) =>
  http.request<AutoTopupView>({
    url: '/api/line/auto-topup',
    method: 'POST',
    data: { enabled: String(settings.enabled), addonId: settings.addonId, monthlyCap: String(settings.monthlyCap) },
  });
