import { Suspense, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingView } from '../components/loading-view';
import type { LazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';

/** The document title of a route: the site's name alone at home, the page's name first elsewhere. */
export function pageTitle(t: (key: string) => string, titleKey: string): string {
  return titleKey === 'routes.home' ? t('app.name') : `${t(titleKey)} - ${t('app.name')}`;
}

/** Wraps one route: document title, its own error boundary, and the delayed loading view. */
export function RouteFrame({ page, titleKey }: { page: LazyPage; titleKey: string }) {
  const { t, i18n } = useTranslation();
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    document.title = pageTitle(t, titleKey);
  }, [t, titleKey, i18n.language]);

  const again = () => {
    page.reset();
    retry();
  };

  return (
    <RouteErrorBoundary key={attempt} onRetry={again}>
      <Suspense fallback={<LoadingView onGiveUp={again} />}>
        <page.Component titleKey={titleKey} />
      </Suspense>
    </RouteErrorBoundary>
  );
}
