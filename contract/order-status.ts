// The order's life on the server (issue: review). Anything not listed here is refused.

export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'under_review',
  'approved',
  'rejected',
  'shipped',
  'ready_for_pickup',
  // An eSIM order whose profile is assigned and installable (contract/esim-rules.ts).
  'esim_ready',
  'active',
  'expired',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ['paid', 'expired', 'cancelled'],
  paid: ['under_review'],
  under_review: ['approved', 'rejected'],
  // A corrected resubmission goes back to review.
  rejected: ['under_review', 'cancelled'],
  approved: ['shipped', 'ready_for_pickup', 'esim_ready'],
  esim_ready: ['active'],
  shipped: ['active'],
  ready_for_pickup: ['active'],
  active: [],
  expired: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** Why review refuses a document; the customer reads each in their language (locales: order.rejection). */
export const REJECTION_REASONS = [
  'blurry',
  'glare_or_cropped',
  'expired',
  'name_mismatch',
  'address_mismatch',
  'wrong_document',
  'other',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** The purchase form field that holds each kind of document (the signature is not in the form). */
export const DOCUMENT_FIELD: Partial<Record<string, 'residenceFront' | 'residenceBack' | 'identityDoc' | 'proofDoc'>> =
  {
    residence_front: 'residenceFront',
    residence_back: 'residenceBack',
    passport: 'identityDoc',
    admission_permit: 'identityDoc',
    address_proof: 'proofDoc',
  };

/** Documents a reviewer can point at when rejecting. */
export const DOCUMENT_KINDS = [
  'residence_front',
  'residence_back',
  'passport',
  'admission_permit',
  'address_proof',
  'signature',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
