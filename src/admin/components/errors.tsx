import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminApiError } from '../api/client';

/** What a refusal says to staff: their role's limit, no answer, or the server's own words. */
export function errorText(t: TFunction, error: AdminApiError): string {
  if (error.key === 'FORBIDDEN') return t('admin.forbidden');
  if (error.key === 'NETWORK' || error.key === 'TIMEOUT') return t(`api.errors.${error.key}`);
  return error.text || t(`api.errors.${error.key}`, { defaultValue: t('admin.failed') });
}

/** The message for one field the server named (its value is an error key, or "invalid"). */
export function fieldText(t: TFunction, code: string): string {
  return t(`api.errors.${code}`, { defaultValue: t('admin.fieldInvalid') });
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
  const named = Object.keys(fieldsOf(error));
  if (named.length > 0 && named.every((name) => fields.includes(name))) return null;
  return (
    <p className="form-error" role="alert">
      {errorText(t, error)}
    </p>
  );
}
