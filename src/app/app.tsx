import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  BrowserRouter,
  NavigationType,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigationType,
} from 'react-router-dom';
import { RenderTimeProvider } from '../components/hydration';
import { HeaderEnd } from '../components/page-header';
import { LanguageSwitch } from '../features/language/language-switch';
import { TestRibbonLanguage } from '../components/test-ribbon-language';
import { ToastHost } from '../components/toast-host';
import { RequireLogin } from './require-login';
import { loadPurchaseCode, type RootStore } from './root-store';
import { RouteFrame } from './route-frame';
import { appRoutes, notFoundPage } from './routes';
import { SessionWatch } from './session-watch';
import { StoreProvider, useStores } from './store-context';

export const BASENAME = '/h5';

export interface AppProps {
  store: RootStore;
  /** Given on the server: the URL being drawn. The browser's own location otherwise. */
  location?: string;
  /** When the server drew the page: its clock, for the render that hydrates it. */
  renderedAt?: number | null;
}

/**
 * A new page starts at its top (the previous page may have been scrolled to its button);
 * back and forward keep the place the browser restores.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

/** Marks the page as working (its buttons answer) once React has committed it. */
function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
}

/**
 * WeChat's share cards: only inside WeChat, so only there is their code fetched, after the
 * page is up (a card set a moment later is the same card).
 */
function WechatShareCards() {
  const { bridge } = useStores();
  const inWechat = bridge.platform === 'wechat' || bridge.platform === 'wechat-desktop';
  const [Cards, setCards] = useState<ComponentType | null>(null);
  useEffect(() => {
    // The card of the purchase's pages names the chosen plan: the purchase store comes too.
    if (inWechat)
      void Promise.all([import('./share-cards'), loadPurchaseCode()])
        .then(([{ ShareCards }]) => setCards(() => ShareCards))
        .catch(() => undefined);
  }, [inWechat]);
  return Cards ? <Cards /> : null;
}

function AppRouter({ location, children }: { location: string | undefined; children: ReactNode }) {
  // Without transitions: React Router would otherwise keep the old page on screen, with no
  // sign of life, while the next page's chunk loads; the spec wants a loading view after 200 ms
  // (docs/requirements.md#routes).
  if (location === undefined)
    return (
      <BrowserRouter basename={BASENAME} useTransitions={false}>
        {children}
      </BrowserRouter>
    );
  return (
    <StaticRouter basename={BASENAME} location={location}>
      {children}
    </StaticRouter>
  );
}

export function App({ store, location, renderedAt = null }: AppProps) {
  return (
    <StoreProvider store={store}>
      <I18nextProvider i18n={store.language.i18n}>
        <RenderTimeProvider renderedAt={renderedAt}>
          <HeaderEnd.Provider value={<LanguageSwitch language={store.language} />}>
            <AppRouter location={location}>
              <SessionWatch />
              <ScrollToTop />
              {location === undefined && <WechatShareCards />}
              <Routes>
                {appRoutes.map((route) => {
                  const frame = <RouteFrame page={route.page} titleKey={route.titleKey} />;
                  return (
                    <Route
                      key={route.path}
                      path={route.path}
                      element={route.auth ? <RequireLogin>{frame}</RequireLogin> : frame}
                    />
                  );
                })}
                <Route path="*" element={<RouteFrame page={notFoundPage} titleKey="app.notFound" />} />
              </Routes>
              <ToastHost ui={store.ui} />
              <InteractiveMark />
              <TestRibbonLanguage />
            </AppRouter>
          </HeaderEnd.Provider>
        </RenderTimeProvider>
      </I18nextProvider>
    </StoreProvider>
  );
}
