import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { useHydrated } from '../../components/hydration';
import { PageHeader } from '../../components/page-header';
import { useForm } from '../../components/use-form';
import { EmailInput, NewPasswordInputs, UsernameInput } from '../../features/session/account-fields';
import { safeRedirect } from '../../lib/safe-redirect';

export default observer(function RegisterPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { account } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Drawn by the server, the form cannot send itself until the app has hydrated it.
  const ready = useHydrated();
  const form = useForm({ username: '', email: '', password: '', repassword: '' });
  const [agreed, setAgreed] = useState(false);
  const agreeBox = useRef<HTMLInputElement>(null);
  // Ticked on the server-drawn page before the app took it over: still ticked.
  useLayoutEffect(() => {
    if (agreeBox.current?.checked) setAgreed(true);
  }, []);
  const [agreeError, setAgreeError] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit(() => account.register(form.values, agreed));
    if (result && !result.ok) setAgreeError(result.error === 'AGREEMENT_REQUIRED');
    if (result?.ok) navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page">
        <form className="form" onSubmit={onSubmit} noValidate>
          <UsernameInput form={form} />
          <EmailInput form={form} />
          <NewPasswordInputs form={form} label={t('account.password')} />
          <div className={agreeError ? 'checkbox-field field-invalid' : 'checkbox-field'}>
            <input
              ref={agreeBox}
              id="agree"
              type="checkbox"
              checked={agreed}
              onChange={(e) => {
                setAgreed(e.target.checked);
                setAgreeError(false);
              }}
              aria-invalid={agreeError || undefined}
              aria-describedby={agreeError ? 'agree-error' : undefined}
            />
            <label htmlFor="agree">
              {t('account.agreePrefix')}
              <Link to="/pages/public/richtext?name=privacy">{t('account.privacyPolicy')}</Link>
            </label>
          </div>
          {agreeError && (
            <p id="agree-error" className="field-error">
              {t('api.errors.AGREEMENT_REQUIRED')}
            </p>
          )}
          <FormAlert text={form.alert.kind === 'error' && !agreeError ? form.alert.text : ''} kind="error" />
          <button type="submit" className="button button-primary button-block" disabled={form.busy || !ready}>
            {form.busy ? t('account.submitting') : t('account.registerSubmit')}
          </button>
        </form>
        <nav className="form-links" aria-label={t('account.moreOptions')}>
          <Link to="/pages/public/login">{t('account.toLogin')}</Link>
        </nav>
      </main>
    </>
  );
});
