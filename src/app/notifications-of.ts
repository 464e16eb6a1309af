import type { RootStore } from './root-store';
import { NotificationSettingsStore } from '../features/notifications/notification-settings-store';

/** The customer's notification settings, built when their page first opens (RootStore.lazyStore). */
export function notificationsOf(root: RootStore): NotificationSettingsStore {
  return root.lazyStore('notifications', () => new NotificationSettingsStore(root.http));
}
