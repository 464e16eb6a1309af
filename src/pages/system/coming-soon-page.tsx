import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { PageHeader } from '../../components/page-header';

/** Routes whose screens are not built yet say so, in the customer's language. */
export default function ComingSoonPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page status-view">
        <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
          <circle cx="32" cy="32" r="28" fill="#fde2ea" />
          <path fill="#b0285a" d="M30 18h4v16h-4zm0 20h4v4h-4z" />
        </svg>
        <h2>{t('app.comingSoon')}</h2>
        <p>{t('app.comingSoonHint')}</p>
        <Link to="/" className="button button-primary">
          {t('app.backHome')}
        </Link>
      </main>
    </>
  );
}
