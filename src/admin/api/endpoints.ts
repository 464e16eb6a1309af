import type { AdminTopups } from '../../../contract/topup-views';
import type {
  ActivateBody,
  AddressChangeBody,
  AdminCustomer,
  AdminOrder,
  AdminPayment,
  ApproveBody,
  AuditList,
  BillList,
  BillRunPreview,
  BillRunResult,
  CounterCheckBody,
  CustomerSearch,
  FulfilmentQueue,
  PaymentList,
  RefundBody,
  RefundList,
  RefundRetried,
  RejectBody,
  ReviewNext,
  ReviewQueue,
  ShipBody,
  StaffList,
  UsageImportBody,
  UsageImportResult,
} from '../../../contract/admin-api';
import type { ReissueReason } from '../../../contract/esim-rules';
import type { ReissueView, StockImportResult, StockView } from '../../../contract/esim-views';
import { withQuery, type AdminClient } from './client';
import { sessionApi } from './session-endpoints';

const enc = encodeURIComponent;

/** Every call of the staff API, typed from contract/admin-api.ts and contract/staff-rules.ts. */
export function adminApi(client: AdminClient) {
  return {
    ...sessionApi(client),

    // Review, documents, orders.
    reviewQueue: () => client.get<ReviewQueue>('/api/admin/review'),
    reviewNext: (after: string) => client.get<ReviewNext>('/api/admin/review/next', { after }),
    order: (orderNo: string) => client.get<AdminOrder>(`/api/admin/orders/${enc(orderNo)}`),
    documentUrl: (id: string, orderNo: string) => `/api/admin/documents/${enc(id)}?orderNo=${enc(orderNo)}`,
    document: (id: string, orderNo: string) => client.blob(`/api/admin/documents/${enc(id)}?orderNo=${enc(orderNo)}`),
    approve: (orderNo: string, body: ApproveBody) =>
      client.post<AdminOrder>(`/api/admin/orders/${enc(orderNo)}/approve`, body),
    reject: (orderNo: string, body: RejectBody) =>
      client.post<AdminOrder>(`/api/admin/orders/${enc(orderNo)}/reject`, body),

    // Fulfilment.
    fulfilment: () => client.get<FulfilmentQueue>('/api/admin/fulfilment'),
    ship: (orderNo: string, body: ShipBody) => client.post<AdminOrder>(`/api/admin/orders/${enc(orderNo)}/ship`, body),
    pickup: (orderNo: string) => client.post<AdminOrder>(`/api/admin/orders/${enc(orderNo)}/pickup`),
    activate: (orderNo: string, body: ActivateBody) =>
      client.post<AdminOrder>(`/api/admin/orders/${enc(orderNo)}/activate`, body),
    counterCheck: (orderNo: string, body: CounterCheckBody) =>
      client.post<AdminOrder>(`/api/admin/orders/${enc(orderNo)}/counter-check`, body),

    // eSIM (issue 30): profiles in stock, their import, a staff reissue.
    esimStock: (filter: { q: string; status: string }) => client.get<StockView>('/api/admin/esim/stock', filter),
    esimImport: (csv: string) => client.post<StockImportResult>('/api/admin/esim/import', { csv }),
    esimReissue: (orderNo: string, reason: ReissueReason) =>
      client.post<ReissueView>(`/api/admin/orders/${enc(orderNo)}/esim-reissue`, { reason }),

    // Top-ups (issue 31): a customer's line's top-ups, automatic top-up and card; support turns it off.
    customerTopups: (id: number) => client.get<AdminTopups | null>(`/api/admin/customers/${id}/topups`),
    autoTopupOff: (id: number) => client.post<AdminTopups | null>(`/api/admin/customers/${id}/auto-topup/off`),

    // Customers.
    searchCustomers: (q: string) => client.get<CustomerSearch>('/api/admin/customers', { q }),
    customer: (id: number) => client.get<AdminCustomer>(`/api/admin/customers/${id}`),
    resendActivation: (id: number) =>
      client.post<Record<string, never>>(`/api/admin/customers/${id}/resend-activation`),
    changeAddress: (id: number, body: AddressChangeBody) =>
      client.post<AdminCustomer>(`/api/admin/customers/${id}/address`, body),

    // Money.
    payments: (filter: { status?: string; q?: string }) => client.get<PaymentList>('/api/admin/payments', filter),
    payment: (paymentNo: string) => client.get<AdminPayment>(`/api/admin/payments/${enc(paymentNo)}`),
    refund: (paymentNo: string, body: RefundBody) =>
      client.post<AdminPayment>(`/api/admin/payments/${enc(paymentNo)}/refund`, body),
    refunds: (status: string) => client.get<RefundList>('/api/admin/refunds', { status }),
    retryRefund: (refundNo: string) => client.post<RefundRetried>(`/api/admin/refunds/${enc(refundNo)}/retry`),
    bills: (month: string) => client.get<BillList>('/api/admin/bills', { month }),
    billRunPreview: (month: string) => client.get<BillRunPreview>('/api/admin/bill-run', { month }),
    billRun: (month: string) => client.post<BillRunResult>('/api/admin/bill-run', { month }),
    usage: (body: UsageImportBody) => client.post<UsageImportResult>('/api/admin/usage', body),

    // Audit and staff.
    audit: (filter: AuditFilter) => client.get<AuditList>('/api/admin/audit', { ...filter }),
    auditCsvUrl: (filter: AuditFilter) => withQuery('/api/admin/audit.csv', { ...filter }),
    staff: () => client.get<StaffList>('/api/admin/staff'),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

export interface AuditFilter {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}
