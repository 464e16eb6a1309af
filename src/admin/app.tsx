import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SignInPage } from './pages/sign-in-page';
import type { RootStore } from './stores/root-store';
import { AdminStoreProvider, useAdmin } from './stores/store-context';

// Everything behind sign-in comes after it: the sign-in screen is all a first visit loads
// (the console's router, area stores and whole dictionaries come with it, console.tsx).
const Console = lazy(() => import('./console'));

/** Signed in: the console. Otherwise the sign-in steps, at whatever address was asked for. */
const Shell = observer(function Shell() {
  const { t } = useTranslation();
  const { session } = useAdmin();
  const loading = (
    <main id="main" className="centered">
      <p role="status" aria-busy="true">
        {t('admin.loading')}
      </p>
    </main>
  );
  if (session.phase === 'checking') return loading;
  if (session.phase !== 'active') return <SignInPage />;
  return (
    <Suspense fallback={loading}>
      <Console />
    </Suspense>
  );
});

export function AdminApp({ store }: { store: RootStore }) {
  useEffect(() => {
    // Asked for once the first screen has painted: it needs neither the check's answer (a
    // browser without a session shows sign-in at once, see SessionStore) nor the whole words.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        void store.session.check();
        store.language.loadWords();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [store]);
  return (
    <I18nextProvider i18n={store.language.i18n}>
      <AdminStoreProvider store={store}>
        <Shell />
      </AdminStoreProvider>
    </I18nextProvider>
  );
}
