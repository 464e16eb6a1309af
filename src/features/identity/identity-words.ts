import type { TFunction } from 'i18next';
import type { IdentityMethod, MatchedField, VerifiedDocument } from '../../../contract/identity-rules';
import type { VerifyView } from './identity-store';

/** A method's name in the customer's language. */
export const methodName = (t: TFunction, method: IdentityMethod): string => t(`identity.method.${method}.title`);

/** What the view says, with the fields that did not match named in words. */
export function viewText(t: TFunction, view: VerifyView): string {
  if (!('messageKey' in view)) return '';
  if (view.kind !== 'data_mismatch') return t(view.messageKey);
  const separator = t('identity.fieldSeparator');
  const fields = view.fields.map((field: MatchedField) => t(`identity.field.${field}`)).join(separator);
  return t(view.messageKey, { fields });
}

/** The verified document in words, '' when not known. */
export const documentName = (t: TFunction, document: VerifiedDocument | null): string =>
  document ? t(`identity.document.${document}`) : '';
