import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminApiError } from '../api/client';

/** The console's own words for a refusal where it has them (admin.refusals: what staff do next). */
// i18next answers an empty default with the key itself, so a marker tells "no words" apart.
const NONE = '\u2063none';
const consoleWords = (t: TFunction, key: string): string => {
  const text = t(`admin.refusals.${key}`, { defaultValue: NONE });
  return text === NONE ? '' : text;
};

/** What a refusal says to staff: their role's limit, no answer, the console's or the server's own words. */
export function errorText(t: TFunction, error: AdminApiError): string {
  if (isForbidden(error)) return t('admin.forbidden');
  if (error.key === 'NETWORK' || error.key === 'TIMEOUT') return t(`api.errors.${error.key}`);
  return consoleWords(t, error.key) || error.text || t(`api.errors.${error.key}`, { defaultValue: t('admin.failed') });
}

/** A refusal of the staff member's role: asking again cannot change it, so nothing offers to. */
export const isForbidden = (error: AdminApiError) => error.key === 'FORBIDDEN' || error.status === 403;

/**
 * A load that failed: why, and a retry, except for a role's refusal, which reads "your role
 * cannot do this" alone (a retry would only be refused again).
 */
export function LoadFailed({ error, onRetry }: { error: AdminApiError; onRetry: () => void }) {
  const { t } = useTranslation();
  if (isForbidden(error))
    return (
      <div className="load-failed" role="alert">
        <p>{t('admin.forbidden')}</p>
      </div>
    );
  return (
    <div className="load-failed" role="alert">
      <p>
        {t('admin.loadFailed')} {errorText(t, error)}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {t('admin.retry')}
      </button>
    </div>
  );
}

/** The message for one field the server named (its value is an error key, or "invalid"). */
export function fieldText(t: TFunction, code: string): string {
  const text = consoleWords(t, code) || t(`api.errors.${code}`, { defaultValue: t('admin.fieldInvalid') });
  // A text that needs a value only the server knows (a wait in seconds, a refundable maximum)
  // would show its placeholder: the server's own sentence says it at the top of the form.
  return text.includes('{{') ? t('admin.fieldInvalid') : text;
}

/** The field names an error names, matched on the first part of each path (rejections/0/reason). */
export function fieldsOf(error: AdminApiError | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(error?.fields ?? {})) out[path.replace(/\./g, '/')] = code;
  return out;
}

/**
 * A refusal at the top of a form, unless every field it names is shown on the form (each then
 * says it beside itself). `role="alert"` so a screen reader hears it.
 */
export function FormError({ error, fields = [] }: { error: AdminApiError | null; fields?: string[] }) {
  const { t } = useTranslation();
  if (!error) return null;
  const byField = fieldsOf(error);
  const named = Object.keys(byField);
  // A field whose words need a value only the server knows (fieldText shows "invalid" there)
  // leaves the server's own sentence to say it at the top.
  const needsServerWords = named.some((name) => t(`api.errors.${byField[name]}`, { defaultValue: '' }).includes('{{'));
  if (named.length > 0 && named.every((name) => fields.includes(name)) && !needsServerWords) return null;
  return (
    <p className="form-error" role="alert">
      {errorText(t, error)}
    </p>
  );
}
