import type { StaffMe, TotpSetup } from '../../../contract/staff-rules';
import type { StaffStage } from '../../../contract/staff-roles';
import type { AdminClient } from './client';

/**
 * The sign-in calls (server/staff/routes/admin-auth.ts), apart from the rest of the staff API
 * (endpoints.ts): the sign-in screen loads these alone, the console's chunk brings the rest.
 */
export function sessionApi(client: AdminClient) {
  return {
    login: (login: string, password: string) => client.post<StaffMe>('/api/admin/login', { login, password }),
    me: () => client.get<StaffMe>('/api/admin/me'),
    totpSetup: () => client.get<TotpSetup>('/api/admin/totp/setup'),
    totp: (code: string) => client.post<{ stage: StaffStage }>('/api/admin/totp', { code }),
    newPassword: (password: string) => client.post<{ stage: StaffStage }>('/api/admin/password', { password }),
    logout: () => client.post<Record<string, never>>('/api/admin/logout'),
  };
}

export type SessionApi = ReturnType<typeof sessionApi>;
