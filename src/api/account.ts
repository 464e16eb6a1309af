import type { SignedIn } from '../../contract/api';
import type { FormFields, HttpClient } from './http-client';

type Empty = Record<string, never>;

export const postRegister = (http: HttpClient, data: FormFields) =>
  http.request<SignedIn>({ url: '/api/user/register', method: 'POST', data });

export const postLogin = (http: HttpClient, data: FormFields) =>
  http.request<SignedIn>({ url: '/api/user/login', method: 'POST', data });

export const postFastRegister = (http: HttpClient, data: FormFields) =>
  http.request<SignedIn>({ url: '/api/user/fast_register', method: 'POST', data });

/** Without `code` sends one; with it sets the password. */
export const postActivation = (http: HttpClient, data: FormFields) =>
  http.request<SignedIn | Empty>({ url: '/api/user/activation', method: 'POST', data });

export const postRetrieve = (http: HttpClient, data: FormFields) =>
  http.request<SignedIn | Empty>({ url: '/api/user/retrieve', method: 'POST', data });

export const postEmailCode = (http: HttpClient, data: FormFields) =>
  http.request<Empty>({ url: '/api/ems/send', method: 'POST', data });

export const postProfile = (http: HttpClient, data: FormFields) =>
  http.request<SignedIn>({ url: '/api/user/profile', method: 'POST', data });

export const postLogout = (http: HttpClient, token: string) =>
  http.request<Empty>({ url: '/api/user/logout', method: 'POST', token, quietUnauthorized: true });

/** A silent WeChat code for the signed-in customer's openid (WeChat Pay's payer). */
export const postWechatPayer = (http: HttpClient, data: FormFields) =>
  http.request<Record<string, never>>({ url: '/api/user/wechat_payer', method: 'POST', data });

export const postAuthCode = (http: HttpClient, data: FormFields) =>
  http.request<SignedIn>({ url: '/api/user/auth_code', method: 'POST', data });
