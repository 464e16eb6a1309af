import type { AppConfig } from '../../contract/api';
import type { HttpClient } from './http-client';

export const fetchInit = (http: HttpClient) => http.request<AppConfig>({ url: '/api/common/init' });
