import type { FormFields, HttpClient } from './http-client';

export interface PackageView {
  msisdn: string;
  status: string;
  planId: number;
  planName: string;
  monthlyRent: number;
  dataGb: number;
  throttledKbps: number;
  activatedAt: string;
  pendingChange: { id: number; planId: number; planName: string; effectiveDate: string } | null;
  currentBill: { billNo: string; status: string; total: number } | null;
}

export interface UsageView {
  usedMb: number;
  quotaMb: number;
  percent: number;
  throttled: boolean;
  throttledKbps: number;
  resetDate: string;
  daysUntilReset: number;
  days: { day: string; megabytes: number }[];
}

export interface BillView {
  billNo: string;
  month: string;
  items: { code: string; planId: number; amount: number }[];
  subtotal: number;
  tax: number;
  total: number;
  dueDate: string;
  status: string;
  paidAt: string | null;
}

export const fetchPackage = (http: HttpClient) => http.request<PackageView>({ url: '/api/user/package' });
export const fetchUsage = (http: HttpClient) => http.request<UsageView>({ url: '/api/user/usage' });
export const fetchBills = (http: HttpClient) => http.request<{ bills: BillView[] }>({ url: '/api/bill/lists' });
export const fetchPersonal = (http: HttpClient) =>
  http.request<{ info: Record<string, string>; cardAddress: Record<string, string> }>({ url: '/api/user/personal' });

const post = <T>(url: string) => (http: HttpClient, data: FormFields) => http.request<T>({ url, method: 'POST', data });
export const postChangeSetmeal = post<{ effectiveDate?: string; difference?: number }>('/api/user/change_setmeal');
export const postSmsSend = post<Record<string, never>>('/api/sms/send');
export const postBind = post<{ userinfo: import('../../contract/api').UserInfo }>('/api/user/bind');
export const postAddress = post<{ info: Record<string, string> }>('/api/user/addr');
export const postPersonal = post<{ info: Record<string, string> }>('/api/user/update');
