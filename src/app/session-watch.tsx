import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStores } from './store-context';

/** A 401 from any call ends the session here too: say so and go to login, then come back. */
export const SessionWatch = observer(function SessionWatch() {
  const { ui, language } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(
    () =>
      reaction(
        () => ui.signInRequests,
        () => {
          if (location.pathname === '/pages/public/login') return;
          // The API's words come with the pages that call it (page-namespaces.ts), not always yet.
          const say = () => ui.showToast(t('api.errors.UNAUTHORIZED'), 'error');
          const words = language.pageReady(['api']);
          if (words) void words.then(say, say);
          else say();
          const back = `${location.pathname}${location.search}`;
          navigate(`/pages/public/login?redirect=${encodeURIComponent(back)}`, { replace: true });
        },
      ),
    [ui, language, t, navigate, location],
  );
  return null;
});
