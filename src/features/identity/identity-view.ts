import { isOnlineMethod, type MatchedField, type VerificationStatus } from '../../../contract/identity-rules';
import type { IdentityState } from '../../api/identity';

/** What the customer can do next, as the page draws buttons for them. */
export type VerifyAction = 'start' | 'refresh' | 'toPay' | 'correct' | 'retry';

/** Where the check stands, in what the customer sees. */
export type VerifyView =
  | { kind: 'loading' }
  | { kind: 'load-failed'; message: string }
  /** No online check for this order (photos, or paid and checked at the counter). */
  | { kind: 'not-needed' }
  | { kind: 'choose'; messageKey: string; actions: VerifyAction[] }
  | { kind: 'pending'; messageKey: string; actions: VerifyAction[] }
  | { kind: 'verified'; messageKey: string; actions: VerifyAction[] }
  | { kind: 'data_mismatch'; messageKey: string; fields: MatchedField[]; actions: VerifyAction[] }
  | { kind: 'failed'; status: VerificationStatus; messageKey: string; actions: VerifyAction[] };

const FAILED: readonly VerificationStatus[] = ['mismatch', 'document_expired', 'face_mismatch', 'abandoned'];

/**
 * The pay step shows "verify your identity first" instead of its buttons: the server refuses
 * payment until an online check passed, unless photos or the counter verify this order.
 */
export function mustVerifyBeforePaying(state: IdentityState | null): boolean {
  if (!state || state.satisfied) return false;
  if (state.methods.includes('photos') || state.methods.includes('counter')) return false;
  return state.methods.some(isOnlineMethod);
}

/** The server's word is final: nothing more will change without the customer. */
export function isFinal(state: IdentityState | null): boolean {
  if (!state) return false;
  if (state.satisfied) return true;
  if (!state.methods.some(isOnlineMethod)) return true;
  const latest = state.latest;
  return latest !== null && latest.status !== 'pending';
}

/** Where the check stands, in what the customer sees. */
export function verifyViewOf(state: IdentityState | null, loading: boolean, loadError: string): VerifyView {
  if (!state) {
    return loadError && !loading ? { kind: 'load-failed', message: loadError } : { kind: 'loading' };
  }
  const latest = state.latest;
  if (state.satisfied) return { kind: 'verified', messageKey: 'identity.status.verified', actions: ['toPay'] };
  if (!state.methods.some(isOnlineMethod)) return { kind: 'not-needed' };
  if (!latest) return { kind: 'choose', messageKey: 'identity.status.none', actions: ['start'] };
  switch (latest.status) {
    case 'pending':
      return { kind: 'pending', messageKey: 'identity.status.pending', actions: ['refresh'] };
    case 'verified':
      // Verified by a method this order may not use: only another check helps.
      return { kind: 'choose', messageKey: 'identity.status.none', actions: ['start'] };
    case 'data_mismatch':
      return {
        kind: 'data_mismatch',
        messageKey: 'identity.status.data_mismatch',
        fields: latest.mismatched,
        actions: ['correct', 'retry'],
      };
    default:
      return FAILED.includes(latest.status)
        ? {
            kind: 'failed',
            status: latest.status,
            messageKey: `identity.status.${latest.status}`,
            actions: ['retry'],
          }
        : { kind: 'choose', messageKey: 'identity.status.none', actions: ['start'] };
  }
}
