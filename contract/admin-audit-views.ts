import { z } from 'zod';
import type { AuditList, StaffList } from './admin-api';
import { STAFF_ROLES } from './staff-roles';

// The staff console's audit trail and staff list (/api/admin/audit, audit.csv, staff): requests,
// and replies the server serializes through. Each reply schema gives exactly the type of
// contract/admin-api.ts; the `Exactly` checks below fail to compile when the two drift apart.

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const filter = z.string().max(100).optional();
/** A Tokyo day; an empty field is no bound. */
const day = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string({ error: 'DATE_INVALID' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'DATE_INVALID')
    .optional(),
);

/** GET /api/admin/audit and /api/admin/audit.csv */
export const auditQuerySchema = z.object({ actor: filter, action: filter, target: filter, from: day, to: day });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListSchema = z.object({
  rows: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      target: z.string(),
      ip: z.string().nullable(),
      detail: z.string(),
    }),
  ),
}) satisfies z.ZodType<AuditList>;

export const staffListSchema = z.object({
  staff: z.array(
    z.object({
      login: z.string(),
      name: z.string(),
      role: z.enum(STAFF_ROLES),
      state: z.enum(['active', 'not-signed-in', 'disabled']),
    }),
  ),
}) satisfies z.ZodType<StaffList>;

export type AuditViewsAreExact = [
  Exactly<z.infer<typeof auditListSchema>, AuditList>,
  Exactly<z.infer<typeof staffListSchema>, StaffList>,
];
export const exactAuditViews: AuditViewsAreExact = [true, true];
