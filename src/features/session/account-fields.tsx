import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/text-field';

/** The slice of useForm these fields need. */
// Method syntax on purpose: it lets a form typed with its own field names stand in here.
export interface FieldSource {
  values: Record<string, string>;
  set(name: string): (value: string) => void;
  errorOf(name: string): string | undefined;
}

export function UsernameInput({ form }: { form: FieldSource }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('account.username')}
      autoComplete="username"
      value={form.values.username ?? ''}
      onValueChange={form.set('username')}
      error={form.errorOf('username')}
      hint={t('account.usernameHint')}
      required
    />
  );
}

export function EmailInput({ form, hint, required = true }: { form: FieldSource; hint?: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('account.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      value={form.values.email ?? ''}
      onValueChange={form.set('email')}
      error={form.errorOf('email')}
      hint={hint}
      required={required}
    />
  );
}

/** A new password and its repetition, with the rule spelled out under the first. */
export function NewPasswordInputs({ form, label }: { form: FieldSource; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        value={form.values.password ?? ''}
        onValueChange={form.set('password')}
        error={form.errorOf('password')}
        hint={t('account.passwordHint')}
        required
      />
      <TextField
        label={t('account.repassword')}
        type="password"
        autoComplete="new-password"
        value={form.values.repassword ?? ''}
        onValueChange={form.set('repassword')}
        error={form.errorOf('repassword')}
        required
      />
    </>
  );
}

/** The 6-digit code field with its send button and resend countdown. */
export function CodeInput({
  form,
  sending,
  left,
  onSend,
}: {
  form: FieldSource;
  sending: boolean;
  left: number;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="code-row">
      <TextField
        label={t('account.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={form.values.code ?? ''}
        onValueChange={form.set('code')}
        error={form.errorOf('code')}
      />
      <button type="button" className="button button-outline" onClick={onSend} disabled={sending || left > 0}>
        {left > 0 ? t('account.resendIn', { seconds: left }) : t('account.sendCode')}
      </button>
    </div>
  );
}
