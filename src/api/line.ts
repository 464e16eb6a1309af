import type { BillView, PackageView, PersonalView, PlanChangeView, UsageView, UserInfo } from '../../contract/api';
import type { FormFields, HttpClient } from './http-client';

export const fetchPackage = (http: HttpClient) => http.request<PackageView>({ url: '/api/user/package' });
export const fetchUsage = (http: HttpClient) => http.request<UsageView>({ url: '/api/user/usage' });
export const fetchBills = (http: HttpClient) => http.request<{ bills: BillView[] }>({ url: '/api/bill/lists' });
export const fetchPersonal = (http: HttpClient) => http.request<PersonalView>({ url: '/api/user/personal' });

const post =
  <T>(url: string) =>
  (http: HttpClient, data: FormFields) =>
    http.request<T>({ url, method: 'POST', data });
export const postChangeSetmeal = post<PlanChangeView>('/api/user/change_setmeal');
export const postSmsSend = post<Record<string, never>>('/api/sms/send');
export const postBind = post<{ userinfo: UserInfo }>('/api/user/bind');
export const postAddress = post<{ info: Record<string, string> }>('/api/user/addr');
export const postPersonal = post<{ info: Record<string, string> }>('/api/user/update');
