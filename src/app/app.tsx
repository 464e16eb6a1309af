import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RootStore } from './root-store';
import { RouteFrame } from './route-frame';
import { appRoutes, notFoundPage } from './routes';
import { StoreProvider } from './store-context';

export function App({ store }: { store: RootStore }) {
  return (
    <StoreProvider store={store}>
      <I18nextProvider i18n={store.language.i18n}>
        <BrowserRouter basename="/h5">
          <Routes>
            {appRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={<RouteFrame page={route.page} titleKey={route.titleKey} />} />
            ))}
            <Route path="*" element={<RouteFrame page={notFoundPage} titleKey="app.notFound" />} />
          </Routes>
        </BrowserRouter>
      </I18nextProvider>
    </StoreProvider>
  );
}
