import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-alert';
import { useCountdown } from '../../components/use-countdown';
import { useForm } from '../../components/use-form';
import { CodeInput, EmailInput, NewPasswordInputs } from './account-fields';
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
export const SetPasswordFlow = observer(function SetPasswordFlow({
  kind,
  account,
  initialEmail,
  initialCode,
  onDone,
}: Props) {
  const { t } = useTranslation();
  const form = useForm({ email: initialEmail, code: initialCode, password: '', repassword: '' });
  // "Send code" checks the address first; its refusal is said beside the button, which is
  // where the customer looks, even though it belongs to the e-mail field.
  const sender = useForm({}, { summary: true });
  const [left, startCountdown] = useCountdown();

  const sendCode = async () => {
    const result = await sender.submit(() => account.sendCode(kind, form.values.email));
    if (result?.ok) startCountdown(RESEND_SECONDS);
    // Sent too soon (the answer says how long): the button counts down from there.
    else if (result?.error === 'CODE_TOO_SOON' && result.retryAfter) startCountdown(result.retryAfter);
  };
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit(() => account.setPassword(kind, form.values));
    if (result?.ok) onDone();
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <EmailInput form={form} />
      <CodeInput form={form} sending={sender.busy} left={left} onSend={sendCode} />
      {sender.alert.kind === 'error' && <FormAlert text={sender.alert.text} kind="error" />}
      <FormAlert text={sender.alert.kind === 'success' ? sender.alert.text : ''} kind="success" />
      <NewPasswordInputs form={form} label={t('account.newPassword')} />
      <FormAlert text={form.alert.kind === 'error' ? form.alert.text : ''} kind="error" />
      <button type="submit" className="button button-primary button-block" disabled={form.busy}>
        {form.busy
          ? t('account.submitting')
          : t(kind === 'activation' ? 'account.activateSubmit' : 'account.retrieveSubmit')}
      </button>
    </form>
  );
});
