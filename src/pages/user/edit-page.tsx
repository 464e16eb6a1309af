import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { useCountdown } from '../../components/use-countdown';
import { useForm } from '../../components/use-form';
import { CodeInput, EmailInput, UsernameInput } from '../../features/session/account-fields';

export default observer(function UserEditPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { session, account } = useStores();
  const user = session.userinfo;
  const form = useForm({ username: user?.username ?? '', email: user?.email ?? '', code: '' });
  const sender = useForm({});
  const [left, startCountdown] = useCountdown();
  const emailChanged = form.values.email.trim().toLowerCase() !== (user?.email ?? '');

  const sendCode = async () => {
    const result = await sender.submit(() => account.sendEmailCode(form.values.email));
    if (result?.ok) startCountdown(60);
    else if (result?.error === 'CODE_TOO_SOON' && result.retryAfter) startCountdown(result.retryAfter);
  };
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit(() =>
      account.updateProfile({ ...form.values, email: emailChanged ? form.values.email : '' }),
    );
    if (result?.ok) form.setValues((v) => ({ ...v, code: '' }));
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page">
        <form className="form" onSubmit={onSubmit} noValidate>
          <UsernameInput form={form} />
          <EmailInput form={form} required={false} hint={user?.email ? undefined : t('account.linkEmailHint')} />
          {sender.alert.kind === 'error' && <FormAlert text={sender.alert.text} kind="error" />}
          {emailChanged && form.values.email && (
            <CodeInput form={form} sending={sender.busy} left={left} onSend={sendCode} />
          )}
          <FormAlert text={sender.alert.kind === 'success' ? sender.alert.text : ''} kind="success" />
          <FormAlert text={form.alert.text} kind={form.alert.kind} />
          <button type="submit" className="button button-primary button-block" disabled={form.busy}>
            {form.busy ? t('account.submitting') : t('account.save')}
          </button>
        </form>
      </main>
    </>
  );
});
