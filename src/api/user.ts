import type { Lang, UserInfo } from '../../contract/api';
import type { HttpClient } from './http-client';

// Launch reads a 401 as "not signed in", not as a session that just ended.
export const fetchUserInfo = (http: HttpClient) =>
  http.request<UserInfo>({ url: '/api/user/userinfo', quietUnauthorized: true });

/** Saves the signed-in customer's language to the account. `token`: the session it was chosen in. */
export const postLang = (http: HttpClient, lang: Lang, token: string) =>
  http.request<{ lang: Lang }>({ url: '/api/user/lang', method: 'POST', data: { lang }, token });

/** Asks for the page-session cookie the server draws personal pages with (contract/page-render.ts). */
export const postPageSession = (http: HttpClient) =>
  http.request<Record<string, never>>({ url: '/api/user/page_session', method: 'POST', quietUnauthorized: true });
