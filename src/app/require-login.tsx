import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoadingView } from '../components/loading-view';
import { PageHeader } from '../components/page-header';
import { useStores } from './store-context';

/**
 * Personal-center routes need a signed-in customer. Where the container has its own sign-in
 * (contract/containers.ts: WeChat, Alipay, a mini-program) a visitor is signed in through it
 * (forceOauth); elsewhere they go to login and come back.
 */
export const RequireLogin = observer(function RequireLogin({ children }: { children: ReactNode }) {
  const root = useStores();
  const { session, account } = root;
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const platformTried = useRef(false);
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    // Not knowing is not signed out: the customer is offered to try again, not the login.
    if (!session.launched || session.isLogin || session.unreachable) return;
    // The login page says why it is shown when the customer declined the platform's sheet.
    const toLogin = (cancelled = false) =>
      void navigate(`/pages/public/login?redirect=${encodeURIComponent(here)}`, {
        replace: true,
        state: cancelled ? { platformCancelled: true } : undefined,
      });
    if (account.platformSignIn !== 'email' && session.forceOauth && !platformTried.current) {
      platformTried.current = true;
      void account.signInWithPlatform().then((outcome) => {
        if (outcome === 'unavailable' || outcome === 'cancelled') toLogin(outcome === 'cancelled');
      });
      return;
    }
    toLogin();
  }, [session.launched, session.isLogin, session.unreachable, session.forceOauth, account, navigate, here]);

  // The app's own title bar here too: a way back and the language switch while offline.
  if (session.launched && !session.isLogin && session.unreachable)
    return (
      <>
        <PageHeader title={t('app.name')} />
        <main className="page status-view" role="alert">
          <p>{t('app.sessionUnreachable')}</p>
          <button type="button" className="button button-primary" onClick={() => void root.retrySession()}>
            {t('app.retry')}
          </button>
        </main>
      </>
    );
  if (!session.launched || !session.isLogin) return <LoadingView onGiveUp={() => window.location.reload()} />;
  return <>{children}</>;
});
