import { formatPhone } from '../../../contract/line-rules';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/lazy-page';
import { lineOf } from '../../app/line-of';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useCountdown } from '../../components/use-countdown';
import { useForm } from '../../components/use-form';

/** Bind a Japanese or Chinese mobile number with an SMS code; rebinding asks for the password. */
export default observer(function BindPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const stores = useStores();
  const { session } = stores;
  const line = lineOf(stores);
  const form = useForm({ country: '81', mobile: '', code: '', password: '' });
  const sender = useForm<Record<string, string>>({});
  const [left, startCountdown] = useCountdown();
  const [done, setDone] = useState(false);
  const current = session.userinfo?.mobile;

  const send = async () => {
    const result = await sender.submit(() => line.sendSms(form.values.country, form.values.mobile));
    if (result?.ok) startCountdown(60);
    else if (result?.error === 'CODE_TOO_SOON' && result.retryAfter) startCountdown(result.retryAfter);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit(() => line.bind(form.values));
    if (result?.ok) setDone(true);
  };
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page">
        <p className="page-intro">
          {current ? t('line.currentMobile', { mobile: formatPhone(current) }) : t('line.bindIntro')}
        </p>
        <form className="form" onSubmit={submit} noValidate>
          <SelectField
            label={t('line.country')}
            value={form.values.country}
            options={[
              { value: '81', label: t('line.countryJP') },
              { value: '86', label: t('line.countryCN') },
            ]}
            onValueChange={form.set('country')}
          />
          <TextField
            label={t('line.mobile')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={form.values.mobile}
            onValueChange={(value) => {
              form.set('mobile')(value);
              sender.clearError('mobile');
            }}
            // "Get code" checks the number too: its refusal belongs under this field.
            error={form.errorOf('mobile') ?? sender.errorOf('mobile')}
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
            />
            <button type="button" className="button button-outline" onClick={send} disabled={sender.busy || left > 0}>
              {left > 0 ? t('account.resendIn', { seconds: left }) : t('account.sendCode')}
            </button>
          </div>
          <FormAlert text={sender.alert.text} kind={sender.alert.kind} />
          {current && session.userinfo?.hasPassword && (
            <TextField
              label={t('account.password')}
              type="password"
              autoComplete="current-password"
              value={form.values.password}
              onValueChange={form.set('password')}
              error={form.errorOf('password')}
              hint={t('line.rebindHint')}
            />
          )}
          <FormAlert text={form.alert.text} kind={done ? 'success' : form.alert.kind} />
          <button type="submit" className="button button-primary button-block" disabled={form.busy}>
            {form.busy ? t('account.submitting') : t('line.bindSubmit')}
          </button>
        </form>
      </main>
    </>
  );
});
