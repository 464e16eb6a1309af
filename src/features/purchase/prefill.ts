import type { PurchasePrefill } from '../../../contract/prefill-rules';

/**
 * Nothing entered yet: every field empty or at its default. The e-mail does not count, as
 * the page fills it in from the account itself.
 */
export function formUntouched(form: Record<string, string>, defaults: Record<string, string>): boolean {
  return Object.keys(form).every((k) => k === 'email' || (form[k] ?? '') === (defaults[k] ?? ''));
}

/**
 * The form with the last order's answers laid over what is empty or still at its default:
 * a value already there (the e-mail the page filled in from the account) is kept.
 */
export function prefilledForm(
  form: Record<string, string>,
  prefill: PurchasePrefill['form'],
  defaults: Record<string, string>,
): Record<string, string> {
  const filled: Record<string, string> = { ...form };
  for (const [field, value] of Object.entries(prefill)) {
    // The eSIM confirmation is about the phone in hand now, not the last order's: asked afresh.
    if (field === 'esimConfirm') continue;
    const current = form[field] ?? '';
    if (value && (current === '' || current === defaults[field])) filled[field] = value;
  }
  return filled;
}
