import type { UserInfo } from '../../contract/api';
import type { HttpClient } from './http-client';

// Launch reads a 401 as "not signed in", not as a session that just ended.
export const fetchUserInfo = (http: HttpClient) =>
  http.request<UserInfo>({ url: '/api/user/userinfo', quietUnauthorized: true });
