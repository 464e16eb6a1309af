import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoadingView } from '../components/loading-view';
import { useStores } from './store-context';

/**
 * Personal-center routes need a signed-in customer. Inside WeChat or Alipay a visitor is
 * signed in through the platform (forceOauth); elsewhere they go to login and come back.
 */
export const RequireLogin = observer(function RequireLogin({ children }: { children: ReactNode }) {
  const { session, account, bridge } = useStores();
  const location = useLocation();
  const navigate = useNavigate();
  const platformTried = useRef(false);
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!session.launched || session.isLogin) return;
    const toLogin = () => void navigate(`/pages/public/login?redirect=${encodeURIComponent(here)}`, { replace: true });
    if (bridge.platform !== 'browser' && session.forceOauth && !platformTried.current) {
      platformTried.current = true;
      void account.signInWithPlatform().then((outcome) => {
        if (outcome === 'unavailable') toLogin();
      });
      return;
    }
    toLogin();
  }, [session.launched, session.isLogin, session.forceOauth, bridge.platform, account, navigate, here]);

  if (!session.launched || !session.isLogin) return <LoadingView onGiveUp={() => window.location.reload()} />;
  return <>{children}</>;
});
