import type { Banner, JssdkSignature, PageContent, PlanInfo, StoreInfo } from '../../contract/api';
import type { HttpClient } from './http-client';

export const fetchBanners = (http: HttpClient) => http.request<Banner[]>({ url: '/api/banner/lists' });

export const fetchStores = (http: HttpClient) => http.request<StoreInfo[]>({ url: '/api/index/store' });

export const fetchPlans = (http: HttpClient) => http.request<PlanInfo[]>({ url: '/api/setmeal/lists' });

/** A rich-text page (terms, privacy, SIM rules) by name, in the request's language. */
export const fetchPage = (http: HttpClient, name: string) =>
  http.request<PageContent>({ url: '/api/page/detail', data: { name } });

/** WeChat JS-SDK signature for `url`, so WeChat's own map can open inside the web view. */
export const fetchJssdkSignature = (http: HttpClient, url: string) =>
  http.request<JssdkSignature>({ url: '/api/wechat/jssdk', data: { url } });
