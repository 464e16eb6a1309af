import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { useHydrated } from '../../components/hydration';
import { PageHeader } from '../../components/page-header';
import { TextField } from '../../components/text-field';
import { useForm } from '../../components/use-form';
import { EmailInput } from '../../features/session/account-fields';
import { safeRedirect } from '../../lib/safe-redirect';

export default observer(function LoginPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { account, session } = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // Drawn by the server, the form cannot send itself until the app has hydrated it.
  const ready = useHydrated();
  const form = useForm({ email: '', password: '' });

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await form.submit(() => account.login(form.values));
    if (result?.ok) navigate(safeRedirect(redirect), { replace: true });
  };
  const carry = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  // Back from the platform's consent page signed in (or opened while signed in): go on.
  useEffect(() => {
    if (session.launched && session.isLogin) navigate(safeRedirect(redirect), { replace: true });
  }, [session.launched, session.isLogin, navigate, redirect]);
  // Where the container has its own sign-in (contract/containers.ts) it is the easy way in; known only once hydrated.
  const platform = ready && account.platformSignIn !== 'email';
  const [leaving, setLeaving] = useState(false);
  // Declined on the platform's own sheet (here, or on the way to a personal page): say so next
  // to the button, so the customer knows nothing failed and e-mail below still works.
  const location = useLocation();
  const arrivedCancelled = (location.state as { platformCancelled?: boolean } | null)?.platformCancelled === true;
  const [cancelled, setCancelled] = useState(arrivedCancelled);
  const withPlatform = async () => {
    setLeaving(true);
    setCancelled(false);
    form.setAlert({ text: '', kind: 'error' });
    const outcome = await account.signInWithPlatform(true);
    if (outcome !== 'redirected') setLeaving(false);
    if (outcome === 'cancelled') setCancelled(true);
    if (outcome === 'unavailable') form.setAlert({ text: t('account.platformUnavailable'), kind: 'error' });
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page">
        {platform && (
          <button
            type="button"
            className="button button-primary button-block platform-sign-in"
            onClick={() => void withPlatform()}
            disabled={leaving}
          >
            {t(
              account.platformSignIn === 'wechat-oauth'
                ? 'account.signInWithWechat'
                : account.platformSignIn === 'alipay-auth-code'
                  ? 'account.signInWithAlipay'
                  : 'account.signInWithMiniProgram',
            )}
          </button>
        )}
        {platform && cancelled && (
          <p className="form-alert form-alert-error" role="alert">
            {t('account.platformCancelled')}
          </p>
        )}
        <form className="form" onSubmit={onSubmit} noValidate>
          <EmailInput form={form} />
          <TextField
            label={t('account.password')}
            type="password"
            autoComplete="current-password"
            value={form.values.password}
            onValueChange={form.set('password')}
            error={form.errorOf('password')}
            required
          />
          <FormAlert text={form.alert.kind === 'error' ? form.alert.text : ''} kind="error" />
          <button type="submit" className="button button-primary button-block" disabled={form.busy || !ready}>
            {form.busy ? t('account.submitting') : t('account.loginSubmit')}
          </button>
        </form>
        <nav className="form-links" aria-label={t('account.moreOptions')}>
          <Link to={`/pages/public/register${carry}`}>{t('account.toRegister')}</Link>
          <Link to="/pages/public/retrieve">{t('account.toRetrieve')}</Link>
          <Link to="/pages/public/activate">{t('account.toActivate')}</Link>
        </nav>
      </main>
    </>
  );
});
