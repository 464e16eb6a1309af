import type { AdminLeaving } from '../../../contract/leave-views';
import type {
  AdminCustomer,
  AdminOrder,
  AdminPayment,
  AuditList,
  BillList,
  FulfilmentQueue,
  PaymentList,
  RefundList,
  ReviewQueue,
  StaffList,
} from '../../../contract/admin-api';
import { staffListSchema } from '../../../contract/admin-audit-views';
import { adminPaymentSchema } from '../../../contract/admin-money-views';
import { PAY_METHODS } from '../../../contract/api';
import { CARRIERS } from '../../../contract/carriers';
import {
  AUTOMATIC_REFUND_REASONS,
  BILL_STATUSES,
  LINE_STATUSES,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
} from '../../../contract/console-values';
import { ORDER_STATUSES } from '../../../contract/order-status';
import { STAFF_ROLES } from '../../../contract/staff-roles';
import { PAY_SCENES } from '../../../contract/containers';
import {
  IDENTITY_METHODS,
  LINE_TYPES,
  MATCHED_FIELDS,
  VERIFICATION_STATUSES,
  VERIFIED_DOCUMENTS,
} from '../../../contract/identity-rules';
import { type StaffIdentity } from '../../../contract/identity-views';
import {
  PROFILE_STATUSES,
  PROVIDER_PROFILE_STATES,
  REISSUE_REASONS,
  REISSUE_STATUSES,
} from '../../../contract/esim-rules';
import type { StaffEsim, StaffProfile, StockView } from '../../../contract/esim-views';
import cn from '../../../locales/cn.json';

// Console data holding every value each page can show, taken from the lists in contract/ (and
// contract/containers.ts for scenes), so a value added there is shown here at once.

export const STAFF_STATES = staffListSchema.shape.staff.element.shape.state.options;
export const PROVIDER_STATES = adminPaymentSchema.shape.providerState.options;
/** No list in code: the server writes these names where it acts, and the console has a word for each. */
export const AUDIT_ACTIONS = Object.keys(cn.admin.audit.actions);

/** Every raw value a page might leak, each to be absent as a whole word. */
export const RAW_VALUES = [
  ...PAYMENT_STATUSES,
  ...REFUND_STATUSES,
  ...BILL_STATUSES,
  ...LINE_STATUSES,
  ...MESSAGE_STATUSES,
  ...MESSAGE_KINDS,
  ...MESSAGE_CHANNELS,
  ...PAY_METHODS,
  ...PAY_SCENES,
  ...ORDER_STATUSES,
  ...STAFF_ROLES,
  ...STAFF_STATES,
  ...PROVIDER_STATES,
  ...AUTOMATIC_REFUND_REASONS,
  ...AUDIT_ACTIONS,
  ...CARRIERS,
  ...IDENTITY_METHODS,
  ...VERIFICATION_STATUSES,
  ...VERIFIED_DOCUMENTS,
  ...LINE_TYPES,
  ...MATCHED_FIELDS,
  ...PROFILE_STATUSES,
  ...PROVIDER_PROFILE_STATES,
  ...REISSUE_STATUSES,
  ...REISSUE_REASONS,
];

/** n rows, the i-th taking the i-th value of each list (lists shorter than n start over). */
const rows = <T>(
  lists: readonly (readonly string[])[],
  make: (i: number, pick: (list: readonly string[]) => string) => T,
) => {
  const n = Math.max(...lists.map((list) => list.length));
  return Array.from({ length: n }, (_, i) => make(i, (list) => list[i % list.length]!));
};

const AT = '2026-12-01T03:00:00.000Z';
const plan = { cn: '樱花 20GB', ja: 'さくら 20GB' };

export const payments: PaymentList = {
  payments: rows([PAYMENT_STATUSES, PAY_METHODS, PAY_SCENES], (i, pick) => ({
    paymentNo: `P2026120100${i}`,
    method: pick(PAY_METHODS),
    scene: pick(PAY_SCENES),
    amount: 1980,
    status: pick(PAYMENT_STATUSES),
    target: i % 2 ? `bill B202612000001` : `order SM2026120100${i}`,
    customerId: 1,
    customer: 'li@example.com',
    createdAt: AT,
    paidAt: AT,
    refunded: 0,
  })),
};

const refundRows = rows([REFUND_STATUSES, AUTOMATIC_REFUND_REASONS, PAY_METHODS], (i, pick) => ({
  refundNo: `R2026120100${i}`,
  paymentNo: `P2026120100${i}`,
  method: pick(PAY_METHODS),
  amount: 500,
  status: pick(REFUND_STATUSES),
  reason: pick(AUTOMATIC_REFUND_REASONS),
  attempts: 5,
  lastError: null,
  target: `order SM2026120100${i}`,
  createdAt: AT,
}));
export const refunds: RefundList = { refunds: refundRows };

export const payment = (i: number): AdminPayment => ({
  payment: { ...payments.payments[i % payments.payments.length]!, refunded: 500 },
  providerState: PROVIDER_STATES[i % PROVIDER_STATES.length]!,
  refunds: refundRows.map(({ refundNo, amount, status, reason, createdAt }) => ({
    refundNo,
    amount,
    status,
    reason,
    createdAt,
  })),
  refundable: 1480,
  partialRefund: true,
});

export const bills: BillList = {
  bills: BILL_STATUSES.map((status, i) => ({
    billNo: `B20261200000${i}`,
    customerId: 1,
    customer: 'li@example.com',
    month: '2026-12',
    total: 2178,
    status,
    dueDate: '2026-12-31',
  })),
};

export const customer = (lineStatus: string): AdminCustomer => ({
  customer: { id: 1, username: 'li', email: 'li@example.com', mobile: null, lang: 'cn', createdAt: AT },
  orders: ORDER_STATUSES.map((status, i) => ({
    orderNo: `SM2026120100${i}`,
    status,
    planName: plan,
    total: 1980,
    createdAt: AT,
  })),
  line: {
    msisdn: '070-1234-5678',
    iccid: '8981100000000000001',
    planName: plan,
    status: lineStatus,
    usedMb: 15740,
    quotaMb: 20480,
  },
  bills: bills.bills.map(({ customerId: _id, customer: _c, ...bill }) => bill),
  payments: payments.payments.map(({ paymentNo, method, scene, amount, status, createdAt }) => ({
    paymentNo,
    method,
    scene,
    amount,
    status,
    createdAt,
  })),
  addressProofs: [],
  messages: rows([MESSAGE_KINDS, MESSAGE_CHANNELS, MESSAGE_STATUSES], (i, pick) => ({
    id: i,
    kind: pick(MESSAGE_KINDS),
    channel: pick(MESSAGE_CHANNELS),
    status: pick(MESSAGE_STATUSES),
    subject: '账单通知',
    createdAt: AT,
    lastError: null,
  })),
});

export const audit: AuditList = {
  rows: AUDIT_ACTIONS.map((action, i) => ({
    id: i,
    at: AT,
    actor: 'staff:finance1',
    action,
    target: 'SM20261201001',
    ip: '127.0.0.1',
    detail: '{"created":1}',
  })),
};

export const staffList: StaffList = {
  staff: rows([STAFF_ROLES, STAFF_STATES], (i, pick) => ({
    login: `staff${i}`,
    name: `员工 ${i}`,
    role: pick(STAFF_ROLES) as StaffList['staff'][number]['role'],
    state: pick(STAFF_STATES) as StaffList['staff'][number]['state'],
  })),
};

/** One order under review for each latest identity status, and one with none begun. */
export const reviewQueue: ReviewQueue = {
  orders: [null, ...VERIFICATION_STATUSES].map((identityStatus, i) => ({
    orderNo: `SM2026120100${i}`,
    customerName: '李 明',
    planName: plan,
    paidAt: AT,
    waitingWorkingDays: 4,
    overdue: i === 0,
    resubmitted: i === 0,
    identityStatus,
  })),
};

export const fulfilment: FulfilmentQueue = {
  toShip: (['mail', 'pickup', 'esim'] as const).map((delivery, i) => ({
    orderNo: `SM2026120100${i}`,
    customerName: '李 明',
    delivery,
    store: delivery === 'pickup' ? '新宿店' : null,
    approvedAt: AT,
    overdue: i === 0,
  })),
  toActivate: (['shipped', 'ready_for_pickup', 'esim_ready'] as const).map((status, i) => ({
    orderNo: `SM2026120200${i}`,
    customerName: '李 明',
    status,
    trackingNo: null,
  })),
};

/**
 * An order's identity checks holding every method, status and document, each matched field
 * matching on one record and not on the next; `satisfied` as asked.
 */
export const identity = (satisfied = false, lineType: StaffIdentity['lineType'] = 'voice'): StaffIdentity => ({
  lineType,
  methods: [...IDENTITY_METHODS],
  satisfied,
  verifications: rows([IDENTITY_METHODS, VERIFICATION_STATUSES, VERIFIED_DOCUMENTS], (i, pick) => ({
    verificationNo: `V2026120100${i}`,
    method: pick(IDENTITY_METHODS) as StaffIdentity['methods'][number],
    status: pick(VERIFICATION_STATUSES) as StaffIdentity['verifications'][number]['status'],
    mismatched: i % 2 ? [...MATCHED_FIELDS] : [],
    documentType: pick(VERIFIED_DOCUMENTS) as StaffIdentity['verifications'][number]['documentType'],
    completedAt: AT,
    createdAt: AT,
    provider: pick(IDENTITY_METHODS) === 'counter' ? 'counter' : 'TRUSTDOCK',
    providerRef: `ref-${i}`,
    verifiedName: '李 明',
    verifiedBirthday: '2000-01-02',
    verifiedAddress: '〒160-0022 東京都新宿区新宿 1-2-3',
    documentLast4: '1234',
    documentExpiry: '2030-01-02',
    matched: Object.fromEntries(MATCHED_FIELDS.map((field) => [field, i % 2 === 0])),
    checkedBy: pick(IDENTITY_METHODS) === 'counter' ? 'store1' : null,
  })),
});

export const order = (status: AdminOrder['order']['status']): AdminOrder => ({
  order: {
    orderNo: 'SM20261201001',
    status,
    planName: plan,
    total: 1980,
    createdAt: AT,
    paidAt: AT,
    info: {},
    trackingNo: null,
    rejections: [],
    history: [{ status, at: AT, actor: 'system', note: '' }],
  },
  customer: { id: 1, email: 'li@example.com', mobile: null, lang: 'cn', username: 'li' },
  documents: [],
  canSeeDocuments: false,
  identity: identity(),
  esim: null,
});

/** eSIM profiles (issue 30) holding every status and carrier state, the first without an order. */
export const profiles: StaffProfile[] = rows([PROFILE_STATUSES, PROVIDER_PROFILE_STATES], (i, pick) => ({
  iccid: `898110000000000${String(i).padStart(4, '0')}`,
  status: pick(PROFILE_STATUSES) as StaffProfile['status'],
  smdpAddress: 'smdp.carrier.example',
  orderNo: i === 0 ? null : `SM2026120100${i}`,
  msisdn: i === 0 ? null : '07012345678',
  importedAt: AT,
  assignedAt: i === 0 ? null : AT,
  installedAt: null,
  releasedAt: null,
  providerState: i === 0 ? null : (pick(PROVIDER_PROFILE_STATES) as StaffProfile['providerState']),
}));

/** GET /api/admin/esim/stock: low, with orders waiting. */
export const stock: StockView = {
  counts: { available: 3, assigned: 12, installed: 40, released: 5 },
  threshold: 20,
  low: true,
  waiting: 2,
  profiles,
};

/** An eSIM order's panel: a current profile, the ones before it, a reissue in every status and reason. */
export const esim = (waitingStock = false): StaffEsim => ({
  current: waitingStock ? null : profiles[1]!,
  profiles: waitingStock ? [] : profiles,
  markedInstalledAt: AT,
  waitingStock,
  reissues: rows([REISSUE_STATUSES, REISSUE_REASONS], (i, pick) => ({
    reissueNo: `RE2026120100${i}`,
    status: pick(REISSUE_STATUSES) as StaffEsim['reissues'][number]['status'],
    reason: pick(REISSUE_REASONS) as StaffEsim['reissues'][number]['reason'],
    fee: i % 2 ? 0 : 550,
    chargeNo: null,
    orderNo: 'SM20261201001',
    createdAt: AT,
    doneAt: null,
  })),
});

/** GET /api/admin/customers/:id/leaving: a booked cancellation with every kind of item, a number issued. */
export const leaving: AdminLeaving = {
  lineId: 1,
  lineStatus: 'cancelling',
  cancellation: {
    lastDay: '2026-12-10',
    rule: 'after_cutoff',
    billedThrough: '2026-12',
    paidUntil: '2026-12-31',
    items: [
      { code: 'monthly_rent', month: '2026-12', billNo: null, total: 2178 },
      { code: 'bill', month: '2026-11', billNo: 'B202611000001', total: 2178 },
      { code: 'cancellation_fee', month: null, billNo: null, total: 1100 },
    ],
    total: 5456,
    simReturn: true,
    status: 'booked',
    chargeNo: 'C20261127000001',
    chargeStatus: 'unpaid',
    withdrawable: true,
    endable: true,
    requestedOn: '2026-11-27',
  },
  portOut: {
    status: 'issued',
    reservationNo: '1234567890',
    validUntil: '2026-12-11',
    requestedAt: '2026-11-27T01:00:00Z',
  },
};
