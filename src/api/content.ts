import type { Banner, PlanInfo, StoreInfo } from '../../contract/api';
import type { HttpClient } from './http-client';

export const fetchBanners = (http: HttpClient) => http.request<Banner[]>({ url: '/api/banner/lists' });

export const fetchStores = (http: HttpClient) => http.request<StoreInfo[]>({ url: '/api/index/store' });

export const fetchPlans = (http: HttpClient) => http.request<PlanInfo[]>({ url: '/api/setmeal/lists' });
