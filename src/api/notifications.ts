import type { NotificationSettingsView } from '../../contract/api';
import type { NotificationChannel, NotificationKind } from '../../contract/notifications';
import type { HttpClient } from './http-client';

export const fetchNotificationSettings = (http: HttpClient) =>
  http.request<NotificationSettingsView>({ url: '/api/user/notification_settings' });

export const postNotificationChoice = (
  http: HttpClient,
  data: { kind: NotificationKind; channel: NotificationChannel; enabled: boolean },
) => http.request<NotificationSettingsView>({ url: '/api/user/notification_settings', method: 'POST', data });
