import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionResult } from '../lib/action-result';

type Alert = { text: string; kind: 'error' | 'success' };

export interface FormStatusOptions {
  /**
   * Also sum up a refusal above the button when it belongs to fields. For long forms, where
   * the field at fault may be scrolled out of sight.
   */
  summary?: boolean;
}

/**
 * Per-field error keys, the alert and the request in flight for one form, whoever holds
 * the values (this hook, or a store that keeps a draft). Messages come from the server when
 * it sent one, else from the error key, so both languages read the same.
 */
export function useFormStatus(options: FormStatusOptions = {}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<Alert>({ text: '', kind: 'error' });
  const [busy, setBusy] = useState(false);

  const errorOf = (name: string) => {
    const key = fields[name];
    return key ? t(`api.errors.${key}`) : undefined;
  };
  const clearError = (name: string) =>
    setFields((f) => {
      if (!(name in f)) return f;
      const { [name]: _gone, ...rest } = f;
      return rest;
    });

  async function submit<T>(action: () => Promise<ActionResult<T>>): Promise<ActionResult<T> | null> {
    if (busy) return null;
    setBusy(true);
    setAlert({ text: '', kind: 'error' });
    try {
      const result = await action();
      if (result.ok) {
        setFields({});
        setAlert({ text: result.msg, kind: 'success' });
      } else {
        setFields(result.fields);
        // Otherwise a message that belongs to a field is shown under that field only.
        const own = Object.keys(result.fields).length > 0 && !options.summary;
        setAlert({ text: own ? '' : result.msg || t(`api.errors.${result.error}`), kind: 'error' });
      }
      return result;
    } finally {
      setBusy(false);
    }
  }

  // The fields at fault, in the order the rules named them, for a summary that lists them.
  const invalidFields = Object.keys(fields);
  return { errorOf, clearError, invalidFields, alert, setAlert, busy, submit };
}

/** A form whose values live in the component: useFormStatus plus the values. */
export function useForm<F extends Record<string, string>>(initial: F, options: FormStatusOptions = {}) {
  const status = useFormStatus(options);
  const [values, setValues] = useState<F>(initial);

  const set = (name: keyof F) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    status.clearError(name as string);
  };
  const errorOf = (name: keyof F) => status.errorOf(name as string);

  return { ...status, values, set, setValues, errorOf };
}
