import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { PageHeader } from '../../components/page-header';

export default function NotFoundPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page status-view">
        <h2>404</h2>
        <p>{t('app.notFoundHint')}</p>
        <Link to="/" className="button button-primary">
          {t('app.backHome')}
        </Link>
      </main>
    </>
  );
}
