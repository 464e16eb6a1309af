import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ToastHost } from '../components/toast-host';
import { RequireLogin } from './require-login';
import type { RootStore } from './root-store';
import { RouteFrame } from './route-frame';
import { appRoutes, notFoundPage } from './routes';
import { SessionWatch } from './session-watch';
import { StoreProvider } from './store-context';

export function App({ store }: { store: RootStore }) {
  return (
    <StoreProvider store={store}>
      <I18nextProvider i18n={store.language.i18n}>
        <BrowserRouter basename="/h5">
          <SessionWatch />
          <Routes>
            {appRoutes.map((route) => {
              const frame = <RouteFrame page={route.page} titleKey={route.titleKey} />;
              return <Route key={route.path} path={route.path} element={route.auth ? <RequireLogin>{frame}</RequireLogin> : frame} />;
            })}
            <Route path="*" element={<RouteFrame page={notFoundPage} titleKey="app.notFound" />} />
          </Routes>
          <ToastHost ui={store.ui} />
        </BrowserRouter>
      </I18nextProvider>
    </StoreProvider>
  );
}
