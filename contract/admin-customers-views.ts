import { z } from 'zod';
import type { AdminCustomer, CustomerSearch } from './admin-api';
import { ORDER_STATUSES } from './order-status';

// The staff console's customer pages (/api/admin/customers...): requests, and replies the server
// serializes through (undeclared keys are dropped). Each reply schema gives exactly the type of
// contract/admin-api.ts; the `Exactly` checks below fail to compile when the two drift apart.

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const bilingual = z.object({ cn: z.string(), ja: z.string() });
const text = (max: number) => z.string().max(max).optional();

/** GET /api/admin/customers?q= */
export const customerSearchQuerySchema = z.object({ q: text(200) });

/** /api/admin/customers/:id */
export const customerParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

export const customerSearchSchema = z.object({
  customers: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      email: z.string().nullable(),
      mobile: z.string().nullable(),
      name: z.string().nullable(),
      orders: z.number().int(),
      hasLine: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<CustomerSearch>;

export const adminCustomerSchema = z.object({
  customer: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    lang: z.enum(['cn', 'ja']),
    createdAt: z.string(),
  }),
  orders: z.array(
    z.object({
      orderNo: z.string(),
      status: z.enum(ORDER_STATUSES),
      planName: bilingual,
      total: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  line: z
    .object({
      msisdn: z.string(),
      iccid: z.string(),
      planName: bilingual,
      status: z.string(),
      usedMb: z.number().int(),
      quotaMb: z.number().int(),
    })
    .nullable(),
  bills: z.array(
    z.object({
      billNo: z.string(),
      month: z.string(),
      total: z.number().int(),
      status: z.string(),
      dueDate: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      paymentNo: z.string(),
      method: z.string(),
      scene: z.string(),
      amount: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  addressProofs: z.array(z.object({ id: z.string(), uploadedAt: z.string() })),
  messages: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      channel: z.string(),
      status: z.string(),
      subject: z.string(),
      createdAt: z.string(),
      lastError: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<AdminCustomer>;

/**
 * POST /api/admin/customers/:id/address, as sent: every field a short string. The rules
 * (contract/profile-rules.ts addressSchema, the proof's kind, date and owner) are the
 * server's, answered with the field's key.
 */
export const addressChangeFormSchema = z.object({
  region: text(10),
  postcode: text(20),
  province: text(200),
  city: text(200),
  district: text(200),
  block: text(200),
  building: text(200),
  proofType: text(40),
  proofDate: text(20),
  proofDocumentId: text(64),
});
export type AddressChangeForm = z.infer<typeof addressChangeFormSchema>;

export type CustomerSearchIsExact = Exactly<z.infer<typeof customerSearchSchema>, CustomerSearch>;
export type AdminCustomerIsExact = Exactly<z.infer<typeof adminCustomerSchema>, AdminCustomer>;
export const exactCustomerViews: [CustomerSearchIsExact, AdminCustomerIsExact] = [true, true];
