import type { UserInfo } from '../../contract/api';
import type { HttpClient } from './http-client';

export const fetchUserInfo = (http: HttpClient) => http.request<UserInfo>({ url: '/api/user/userinfo' });
