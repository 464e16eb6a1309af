import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/text-field';
import { useCountdown } from '../../components/use-countdown';
import { useForm } from '../../components/use-form';
import type { AccountStore } from './account-store';

interface Props {
  kind: 'activation' | 'retrieve';
  account: AccountStore;
  initialEmail: string;
  initialCode: string;
  onDone: () => void;
}

const RESEND_SECONDS = 60;

/** E-mail, a code sent to it, and a new password twice: activation and password reset alike. */
export const SetPasswordFlow = observer(function SetPasswordFlow({ kind, account, initialEmail, initialCode, onDone }: Props) {
  const { t } = useTranslation();
  const form = useForm({ email: initialEmail, code: initialCode, password: '', repassword: '' });
  const sender = useForm({});
  const [left, startCountdown] = useCountdown();

  const sendCode = async () => {
    const result = await sender.submit(() => account.sendCode(kind, form.values.email));
    if (result?.ok) startCountdown(RESEND_SECONDS);
  };
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit(() => account.setPassword(kind, form.values));
    if (result?.ok) onDone();
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label={t('account.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.values.email}
        onValueChange={form.set('email')}
        error={form.errorOf('email') ?? (sender.alert.kind === 'error' ? sender.alert.text || undefined : undefined)}
        required
      />
      <div className="code-row">
        <TextField
          label={t('account.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={form.values.code}
          onValueChange={form.set('code')}
          error={form.errorOf('code')}
          required
        />
        <button type="button" className="button button-outline" onClick={sendCode} disabled={sender.busy || left > 0}>
          {left > 0 ? t('account.resendIn', { seconds: left }) : t('account.sendCode')}
        </button>
      </div>
      <FormAlert text={sender.alert.kind === 'success' ? sender.alert.text : ''} kind="success" />
      <TextField
        label={t('account.newPassword')}
        type="password"
        autoComplete="new-password"
        value={form.values.password}
        onValueChange={form.set('password')}
        error={form.errorOf('password')}
        hint={t('account.passwordHint')}
        required
      />
      <TextField
        label={t('account.repassword')}
        type="password"
        autoComplete="new-password"
        value={form.values.repassword}
        onValueChange={form.set('repassword')}
        error={form.errorOf('repassword')}
        required
      />
      <FormAlert text={form.alert.kind === 'error' ? form.alert.text : ''} kind="error" />
      <button type="submit" className="button button-primary button-block" disabled={form.busy}>
        {form.busy ? t('account.submitting') : t(kind === 'activation' ? 'account.activateSubmit' : 'account.retrieveSubmit')}
      </button>
    </form>
  );
});
