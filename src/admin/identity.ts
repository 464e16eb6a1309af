import type { TFunction } from 'i18next';
import type { AdminOrder, CounterCheckBody } from '../../contract/admin-api';
import type { MatchedField, VerificationStatus, VerifiedDocument } from '../../contract/identity-rules';
import type { StaffIdentity, StaffVerificationView } from '../../contract/identity-views';

// An order's identity checks as staff act on them (issue 29): what the console shows, and which
// actions wait for the check. The server refuses the same actions whatever the page shows.
//
// The lists are the contract's (contract/identity-rules.ts), spelled here by type: importing its
// values would bring its zod schemas (and zod) into the console. `satisfies Record<...>` refuses
// a value missing or one too many; tests/unit/admin-identity.test.tsx checks the order.

const DOCUMENTS = {
  residence_card: true,
  my_number_card: true,
  driving_licence: true,
  passport: true,
} satisfies Record<VerifiedDocument, true>;
/** VERIFIED_DOCUMENTS, in the contract's order. */
export const VERIFIED_DOCUMENT_LIST = Object.keys(DOCUMENTS) as VerifiedDocument[];

const FIELDS = { name: true, birthday: true, address: true } satisfies Record<MatchedField, true>;
/** MATCHED_FIELDS, in the contract's order. */
export const MATCHED_FIELD_LIST = Object.keys(FIELDS) as MatchedField[];

/** The provider's outcomes that end a verification without passing it ("mismatch" in the queue). */
export const isFailed = (status: VerificationStatus): boolean => status !== 'pending' && status !== 'verified';

/** The verification begun last (the server's list is not promised in any order). */
export function latestVerification(identity: StaffIdentity): StaffVerificationView | null {
  let latest: StaffVerificationView | null = null;
  for (const verification of identity.verifications)
    if (!latest || verification.createdAt >= latest.createdAt) latest = verification;
  return latest;
}

/** The verifications, the latest first. */
export const newestFirst = (identity: StaffIdentity): StaffVerificationView[] =>
  [...identity.verifications].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));

/** The fields that did not match what the customer entered, in the contract's order. */
export function mismatchedFields(verification: StaffVerificationView): MatchedField[] {
  return MATCHED_FIELD_LIST.filter(
    (field) => verification.mismatched.includes(field) || verification.matched[field] === false,
  );
}

/**
 * A pickup order whose check is still to be made at the store: staff read the IC chip face to
 * face when the customer comes (method `counter`), unless an online check already began.
 */
export function counterAhead(data: AdminOrder): boolean {
  const { identity } = data;
  if (identity.satisfied || data.order.info.delivery !== 'pickup' || !identity.methods.includes('counter'))
    return false;
  const latest = latestVerification(identity);
  return !latest || latest.method === 'counter';
}

/** Whether the order's counter check may be recorded from this page (the server says when it may not). */
export const counterCheckWanted = (data: AdminOrder): boolean =>
  counterAhead(data) && (data.order.status === 'approved' || data.order.status === 'ready_for_pickup');

/** Why an action waits for the identity check; null when it need not. */
export type IdentityBlock =
  { reason: 'pending' | 'none' | 'counter' } | { reason: 'failed'; status: VerificationStatus; fields: MatchedField[] };

function checkBlock(identity: StaffIdentity): IdentityBlock | null {
  if (identity.satisfied) return null;
  const latest = latestVerification(identity);
  if (latest && isFailed(latest.status))
    return { reason: 'failed', status: latest.status, fields: mismatchedFields(latest) };
  return { reason: latest?.status === 'pending' ? 'pending' : 'none' };
}

/**
 * Approve: only a passed check, never one that failed (a data mismatch names its fields). A
 * pickup order to be checked at the counter may be approved: the SIM waits at the store.
 */
export function approveBlock(data: AdminOrder): IdentityBlock | null {
  const block = checkBlock(data.identity);
  if (block?.reason !== 'failed' && counterAhead(data)) return null;
  return block;
}

/** Ship, hand over at the store (ready for pickup), activate: only after a passed check. */
export function fulfilBlock(data: AdminOrder): IdentityBlock | null {
  if (counterAhead(data)) return { reason: 'counter' };
  return checkBlock(data.identity);
}

/** A list of fields in words ("姓名、地址"). */
export const fieldsText = (t: TFunction, fields: MatchedField[]): string =>
  fields.map((field) => t(`admin.identity.fields.${field}`)).join(t('admin.identity.listSeparator'));

/** Why the action waits, in words. */
export function blockText(t: TFunction, block: IdentityBlock): string {
  if (block.reason !== 'failed') return t(`admin.identity.blocked.${block.reason}`);
  if (block.status === 'data_mismatch' && block.fields.length > 0)
    return t('admin.identity.blocked.dataMismatch', { fields: fieldsText(t, block.fields) });
  return t('admin.identity.blocked.failed', { status: t(`admin.identity.statuses.${block.status}`) });
}

/**
 * The counter check's rule as counterCheckSchema states it (a document of the list; 4 letters
 * or digits, spaces around ignored), each broken part named by the key the server would send.
 */
export function counterCheckProblems(body: { documentType: string; documentLast4: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!(VERIFIED_DOCUMENT_LIST as string[]).includes(body.documentType)) problems.documentType = 'REQUIRED';
  if (!/^[0-9A-Za-z]{4}$/.test(body.documentLast4.trim())) problems.documentLast4 = 'DOCUMENT_LAST4_INVALID';
  return problems;
}

/** The body sent once the rule holds. */
export const counterCheckBody = (documentType: VerifiedDocument, documentLast4: string): CounterCheckBody => ({
  documentType,
  documentLast4: documentLast4.trim(),
});

/** Whether the order's documents area says no photos were collected (chip, JPKI or counter, by law). */
export function noPhotosByLaw(data: AdminOrder): boolean {
  if (data.documents.length > 0) return false;
  const { identity } = data;
  if (!identity.methods.includes('photos')) return true;
  const latest = latestVerification(identity);
  return latest !== null && latest.method !== 'photos';
}
