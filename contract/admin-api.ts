/**
 * The staff console's API (/api/admin/...): the shapes of every answer and body, as types.
 * The server's zod schemas (contract/admin-*-views.ts) must produce exactly these; the
 * console (src/admin) reads them by `import type`. All answers use the usual envelope
 * (contract/api.ts); bodies are JSON; every non-GET call sends `x-csrf-token` (staff-rules.ts).
 * The permission each call needs is in brackets (contract/staff-roles.ts).
 */
import type { Lang } from './api.js';
import type { DocumentKind, OrderStatus, RejectionReason } from './order-status.js';
import type { Carrier } from './carriers.js';
import type { StaffRole } from './staff-roles.js';
import type { z } from 'zod';
import type { VerificationStatus } from './identity-rules.js';
import type { counterCheckSchema, StaffIdentity } from './identity-views.js';
import type { StaffEsim } from './esim-views.js';

export type Bilingual = { cn: string; ja: string };

// ---------- review [review], documents [documents], orders [orders] ----------

/**
 * GET /api/admin/review/next?after=ORDER_NO [review]: the order a reviewer opens next, the first
 * of the queue's order (oldest paid first) other than `after` (the one just decided or skipped);
 * null when nothing else waits.
 */
export interface ReviewNext {
  orderNo: string | null;
}

/** GET /api/admin/review: orders under review, oldest paid first. */
export interface ReviewQueue {
  orders: {
    orderNo: string;
    customerName: string;
    planName: Bilingual;
    paidAt: string | null;
    /** Working days since payment (Japanese calendar). */
    waitingWorkingDays: number;
    /** Past the 3-working-day dispatch promise. */
    overdue: boolean;
    /** Sent back before and resubmitted. */
    resubmitted: boolean;
    /** The status of the order's latest identity verification; null (or absent) when none began. */
    identityStatus?: VerificationStatus | null | undefined;
  }[];
}

export interface AdminDocument {
  id: string;
  kind: DocumentKind;
  contentType: string;
  uploadedAt: string;
}

/** GET /api/admin/orders/:orderNo [orders]; `documents` is empty unless the role has [documents]. */
export interface AdminOrder {
  order: {
    orderNo: string;
    status: OrderStatus;
    planName: Bilingual;
    total: number;
    createdAt: string;
    paidAt: string | null;
    /** What the customer gave: names, birthday, address, phone, visa type, delivery, store... as entered. */
    info: Record<string, string>;
    trackingNo: string | null;
    rejections: { document: string; reason: string; note: string; lang?: Lang | undefined }[];
    history: { status: string; at: string; actor: string; note: string }[];
  };
  customer: { id: number; email: string | null; mobile: string | null; lang: 'cn' | 'ja'; username: string };
  documents: AdminDocument[];
  /** Whether this staff member may open the documents. */
  canSeeDocuments: boolean;
  /** The plan's line type, the methods it may use, whether it passed, and each verification (contract/identity-rules.ts). */
  identity: StaffIdentity;
  /** An eSIM order's profiles and reissues (issue 30); null or absent for a physical SIM. */
  esim?: StaffEsim | null | undefined;
}

/**
 * GET /api/admin/documents/:id [documents]: the image itself, decrypted in memory and streamed
 * with `Cache-Control: no-store`, a watermark of the staff member's name and the time drawn
 * into it; each look is audited ("view-document"). Images arrive as `image/jpeg`, and so does
 * a PDF: its pages were drawn to one picture when it was uploaded (one stored before that is
 * drawn when opened); no PDF is ever served.
 * A document no order refers to: 404.
 *
 * Refusals of the changes below are code-0 envelopes whose `fields` name what to fix:
 * approve: CHECKLIST_INCOMPLETE on each unticked item (`cardValid`, ...); reject:
 * REJECTION_REQUIRED on `rejections`, REJECTION_NOTE_REQUIRED (reason "other" without a note),
 * DOCUMENT_NOT_IN_ORDER, TOO_LONG (note over 500) or BAD_REQUEST (a document twice) on
 * `rejections.<index>`; ship: TRACKING_INVALID on `trackingNo`; ship and pickup:
 * DELIVERY_MISMATCH on `delivery` (a pickup order is not shipped, nor a mail order handed over);
 * activate: MSISDN_INVALID / MSISDN_IN_USE on `msisdn`, ICCID_INVALID / ICCID_IN_USE on
 * `iccid`. Any of them: STATUS_CONFLICT when the order is not where the change starts from.
 */

/** POST /api/admin/orders/:orderNo/approve [review]: the checklist as ticked. Answer: AdminOrder. */
export interface ApproveBody {
  checklist: { nameAndBirthday: boolean; cardValid: boolean; address: boolean; visaType: boolean };
}

/** POST /api/admin/orders/:orderNo/reject [review]: one reason per refused document. Answer: AdminOrder. */
export interface RejectBody {
  /** `lang`: the language the note is written in, shown to a customer who reads the other. */
  rejections: { document: DocumentKind; reason: RejectionReason; note: string; lang?: Lang | undefined }[];
}

// ---------- fulfilment [fulfil] ----------

/** GET /api/admin/fulfilment: approved orders to ship or hand over, and orders waiting for their line. */
export interface FulfilmentQueue {
  toShip: {
    orderNo: string;
    customerName: string;
    /** `esim`: approved, waiting for a profile in stock (assigned as soon as one is imported). */
    delivery: 'mail' | 'pickup' | 'esim';
    store: string | null;
    approvedAt: string | null;
    overdue: boolean;
  }[];
  toActivate: {
    orderNo: string;
    customerName: string;
    /** `esim_ready`: the profile is delivered, waiting for the install notice or staff's activation. */
    status: 'shipped' | 'ready_for_pickup' | 'esim_ready';
    trackingNo: string | null;
  }[];
}

export { CARRIERS, type Carrier } from './carriers.js';

/** POST /api/admin/orders/:orderNo/ship. Answer: AdminOrder. */
export interface ShipBody {
  carrier: Carrier;
  trackingNo: string;
}
/** POST /api/admin/orders/:orderNo/pickup (no body). Answer: AdminOrder. */
/** POST /api/admin/orders/:orderNo/activate: MSISDN 0X0-XXXX-XXXX, ICCID 19-20 digits with a valid Luhn digit, neither in use. Answer: AdminOrder. */
export interface ActivateBody {
  msisdn: string;
  iccid: string;
}
/**
 * POST /api/admin/orders/:orderNo/counter-check [fulfil]: staff read the ID card's IC chip face to
 * face at the store (contract/identity-rules.ts counterCheckSchema): the document and the last 4
 * of its number. Answer: AdminOrder, its `identity` holding the new record.
 */
export type CounterCheckBody = z.infer<typeof counterCheckSchema>;

// ---------- customers [customers] ----------

/**
 * GET /api/admin/customers?q=: by name (the purchase form's, kanji, kana or romaji, any part, any
 * case; from one character), e-mail, phone, order number or bill number (at most 50).
 */
export interface CustomerSearch {
  customers: {
    id: number;
    username: string;
    email: string | null;
    mobile: string | null;
    /** As the customer wrote it on their profile or latest order (kanji, kana or romaji). */
    name: string | null;
    orders: number;
    hasLine: boolean;
  }[];
}

/** GET /api/admin/customers/:id */
export interface AdminCustomer {
  customer: {
    id: number;
    username: string;
    email: string | null;
    mobile: string | null;
    lang: 'cn' | 'ja';
    createdAt: string;
  };
  orders: { orderNo: string; status: OrderStatus; planName: Bilingual; total: number; createdAt: string }[];
  line: { msisdn: string; iccid: string; planName: Bilingual; status: string; usedMb: number; quotaMb: number } | null;
  bills: { billNo: string; month: string; total: number; status: string; dueDate: string }[];
  payments: { paymentNo: string; method: string; scene: string; amount: number; status: string; createdAt: string }[];
  /**
   * The customer's address-proof uploads, newest first: the handle an address change names
   * (proofDocumentId). Ids and dates only: nothing here opens a document, and no other kind is listed.
   */
  addressProofs: { id: string; uploadedAt: string }[];
  /** Messages sent (never their text: it may hold a code). */
  messages: {
    id: number;
    kind: string;
    channel: string;
    status: string;
    subject: string;
    createdAt: string;
    lastError: string | null;
  }[];
}

/**
 * POST /api/admin/customers/:id/resend-activation (no body): answers {}. Refused with
 * ACTIVATION_NOT_NEEDED when the account has a password already or no e-mail address.
 */
/**
 * POST /api/admin/customers/:id/address: a new address with the id of an address-proof document the
 * customer uploaded, judged by the customer's own rules (contract/profile-rules.ts addressSchema):
 * the postcode fits the region, the proof is of a kind and dated within 3 months. Answer: AdminCustomer.
 */
export interface AddressChangeBody {
  region: 'JP' | 'CN';
  postcode: string;
  province: string;
  city: string;
  district: string;
  block: string;
  building: string;
  proofType: 'utility_bill' | 'resident_ticket';
  /** YYYY-MM-DD, the date printed on the proof: within the last 3 months. */
  proofDate: string;
  proofDocumentId: string;
}

// ---------- money [money] ----------

/** GET /api/admin/payments?status=&q= (newest first, at most 100). */
export interface PaymentList {
  payments: {
    paymentNo: string;
    method: string;
    scene: string;
    amount: number;
    status: string;
    target: string;
    customerId: number;
    /** The payer's e-mail, or their account name when they have none. */
    customer: string;
    createdAt: string;
    paidAt: string | null;
    /** Yen of every refund of this payment, pending, refunded or failed (waiting for staff): what it is capped by. */
    refunded: number;
  }[];
}

/**
 * GET /api/admin/payments/:paymentNo: the row, its refunds, and what the provider says now.
 * A refund's `reason` is staff's own words, or `duplicate` / `closed` for the automatic
 * refund of a surplus payment.
 */
export interface AdminPayment {
  payment: PaymentList['payments'][number];
  providerState: 'paid' | 'failed' | 'pending' | 'unknown';
  refunds: { refundNo: string; amount: number; status: string; reason: string; createdAt: string }[];
  /** What may still be refunded: a paid payment's amount less every refund of it; 0 otherwise. */
  refundable: number;
  /** Whether the method can refund a part (WeChat Pay, Alipay); a card is refunded whole only. */
  partialRefund: boolean;
}

/**
 * POST /api/admin/payments/:paymentNo/refund: full or partial, through the provider's refund API.
 * Answer: AdminPayment. Refusals: REFUND_AMOUNT_INVALID (not a whole number of yen from 1),
 * REFUND_TOO_MUCH (more than `refundable`), REFUND_PARTIAL_UNSUPPORTED (a part of a card
 * payment), PAYMENT_NOT_REFUNDABLE (not paid). Two refunds at once never pass the cap together.
 */
export interface RefundBody {
  amount: number;
  reason: string;
}

/** GET /api/admin/refunds?status=: refunds, among them duplicate payments waiting for staff's decision. */
export interface RefundList {
  refunds: {
    refundNo: string;
    paymentNo: string;
    /** The payment's method (wechat, alipay, card): where the money goes back. */
    method: string;
    amount: number;
    /** pending, refunded, or failed: tried 5 times, waiting for staff to push it again. */
    status: string;
    /** Staff's words, or `duplicate` / `closed` for a surplus payment's automatic refund. */
    reason: string;
    attempts: number;
    /** The provider's last refusal, if any. */
    lastError: string | null;
    /** What the payment paid: "order SM..." or "bill B...". */
    target: string;
    createdAt: string;
  }[];
}

/**
 * POST /api/admin/refunds/:refundNo/retry (no body): sends a pending or failed refund to its
 * provider again (the same refund number, so it is never paid twice). Answer: the refund as it
 * stands after the try. Refused with REFUND_NOT_RETRYABLE once refunded.
 */
export interface RefundRetried {
  refund: RefundList['refunds'][number];
}

/** GET /api/admin/bills?month=YYYY-MM */
export interface BillList {
  bills: {
    billNo: string;
    customerId: number;
    /** The customer's e-mail, or their account name when they have none: what staff recognise. */
    customer: string;
    month: string;
    total: number;
    status: string;
    dueDate: string;
  }[];
}

/**
 * GET /api/admin/bill-run?month=YYYY-MM: what the run would do now, writing nothing, so staff
 * confirm a number before bills go out. `toIssue` lines have no bill for the month yet.
 */
export interface BillRunPreview {
  month: string;
  lines: number;
  toIssue: number;
}

/** POST /api/admin/bill-run { month }: safe to repeat (a month's bills are made once). MONTH_INVALID unless YYYY-MM. */
export interface BillRunResult {
  lines: number;
  created: number;
}

/**
 * POST /api/admin/usage { csv, dryRun }: with dryRun nothing is written and `changes` says what would;
 * without, the file is imported (as `npm run ops -- usage import`) and `changes` says what did.
 * A change is a day whose megabytes differ from what is recorded (`before` null: none yet);
 * `problems` are the file's lines that cannot be read or name no line, in the staff member's language.
 */
export interface UsageImportBody {
  csv: string;
  dryRun: boolean;
}
export interface UsageImportResult {
  dryRun: boolean;
  changes: { msisdn: string; day: string; before: number | null; after: number }[];
  problems: string[];
}

// ---------- audit [audit], staff [staff] ----------

/**
 * GET /api/admin/audit?actor=&action=&target=&from=&to= (newest first, at most 500); /api/admin/audit.csv:
 * the same as CSV. `actor` and `target` match a part (any case), `action` exactly; `from` and `to`
 * are Tokyo days (YYYY-MM-DD), both included. `detail` is the row's detail as JSON.
 */
export interface AuditList {
  rows: { id: number; at: string; actor: string; action: string; target: string; ip: string | null; detail: string }[];
}

/** GET /api/admin/staff */
export interface StaffList {
  staff: { login: string; name: string; role: StaffRole; state: 'active' | 'not-signed-in' | 'disabled' }[];
}
