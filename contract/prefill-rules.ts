import { z } from 'zod';
import { isProofDateValid } from './calendar';
import type { OrderStatus } from './order-status';
import { INFORMATION_FIELDS } from './purchase-rules';

/**
 * A returning customer's next purchase starts from their last order (issue 27, item 10). Only
 * an order that was paid stands for details someone meant: an unpaid or expired one may be a
 * half-thought try. Documents staff refused are never offered again.
 */
export const PREFILL_STATUSES: readonly OrderStatus[] = [
  'paid',
  'under_review',
  'approved',
  'shipped',
  'ready_for_pickup',
  'active',
];

/** The document fields, each with the kinds of stored document it may hold. */
export const PREFILL_DOCUMENT_FIELDS = ['residenceFront', 'residenceBack', 'identityDoc', 'proofDoc'] as const;
export type PrefillDocumentField = (typeof PREFILL_DOCUMENT_FIELDS)[number];

/**
 * The person, their contact and address: what does not change from one SIM to the next. The
 * form's own fields, less how this SIM travels and the documents (offered one by one below).
 */
const NOT_CARRIED = ['delivery', 'storeId', ...PREFILL_DOCUMENT_FIELDS] as const;
type PrefillTextField = Exclude<(typeof INFORMATION_FIELDS)[number], (typeof NOT_CARRIED)[number]>;
export const PREFILL_TEXT_FIELDS = INFORMATION_FIELDS.filter(
  (field): field is PrefillTextField => !(NOT_CARRIED as readonly string[]).includes(field),
);

export function documentKindsOf(field: PrefillDocumentField, identityKind: string): string[] {
  if (field === 'residenceFront') return ['residence_front'];
  if (field === 'residenceBack') return ['residence_back'];
  if (field === 'proofDoc') return ['address_proof'];
  return identityKind === 'admission_permit' ? ['admission_permit'] : ['passport'];
}

/**
 * An address proof counts for PROOF_VALID_MONTHS from its date: past that, its date and file
 * are dropped (the customer brings a newer one); its type stays as a good guess.
 */
export function proofStillValid(info: Record<string, string | undefined>, today: string): boolean {
  return info.addressSame === 'no' && isProofDateValid(info.proofDate ?? '', today);
}

const PREFILL_FIELDS = [...PREFILL_TEXT_FIELDS, ...PREFILL_DOCUMENT_FIELDS] as const;

/** GET /api/purchase/prefill: null when the customer has no order to start from. */
export const purchasePrefillSchema = z.object({
  prefill: z
    .object({
      orderNo: z.string(),
      form: z.partialRecord(z.enum(PREFILL_FIELDS), z.string()),
      /** The document fields filled with a stored document of the customer's, re-used as it is. */
      documents: z.array(z.enum(PREFILL_DOCUMENT_FIELDS)),
    })
    .nullable(),
});
export type PurchasePrefill = NonNullable<z.infer<typeof purchasePrefillSchema>['prefill']>;
