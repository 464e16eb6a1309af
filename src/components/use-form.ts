import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionResult } from '../lib/action-result';

/**
 * Field values, per-field error keys and the request in flight for one form. Messages come
 * from the server when it sent one, else from the error key, so both languages read the same.
 */
export function useForm<F extends Record<string, string>>(initial: F) {
  const { t } = useTranslation();
  const [values, setValues] = useState<F>(initial);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'error' });
  const [busy, setBusy] = useState(false);

  const set = (name: keyof F) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setFields((f) => {
      if (!(name in f)) return f;
      const { [name as string]: _gone, ...rest } = f;
      return rest;
    });
  };
  const errorOf = (name: keyof F) => {
    const key = fields[name as string];
    return key ? t(`api.errors.${key}`) : undefined;
  };

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
        // A message that belongs to a field is shown under that field only.
        const own = Object.keys(result.fields).length > 0;
        setAlert({ text: own ? '' : result.msg || t(`api.errors.${result.error}`), kind: 'error' });
      }
      return result;
    } finally {
      setBusy(false);
    }
  }

  return { values, set, setValues, errorOf, alert, setAlert, busy, submit };
}
