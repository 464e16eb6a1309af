import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { TextField } from '../../components/text-field';
import { useCountdown } from '../../components/use-countdown';
import { useForm } from '../../components/use-form';

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
          <TextField
            label={t('account.username')}
            autoComplete="username"
            value={form.values.username}
            onValueChange={form.set('username')}
            error={form.errorOf('username')}
            hint={t('account.usernameHint')}
            required
          />
          <TextField
            label={t('account.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={form.values.email}
            onValueChange={form.set('email')}
            error={form.errorOf('email') ?? (sender.alert.kind === 'error' ? sender.alert.text || undefined : undefined)}
            hint={user?.email ? undefined : t('account.linkEmailHint')}
          />
          {emailChanged && form.values.email && (
            <div className="code-row">
              <TextField
                label={t('account.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={form.values.code}
                onValueChange={form.set('code')}
                error={form.errorOf('code')}
              />
              <button type="button" className="button button-outline" onClick={sendCode} disabled={sender.busy || left > 0}>
                {left > 0 ? t('account.resendIn', { seconds: left }) : t('account.sendCode')}
              </button>
            </div>
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
