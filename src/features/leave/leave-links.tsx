import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The line page's way to leaving Japan and taking the number along (both on the cancel page). */
export function LeaveLinks() {
  const { t } = useTranslation();
  return (
    <nav className="card" aria-labelledby="leave-links-title" data-testid="leave-links">
      <h2 id="leave-links-title">{t('leave.card.title')}</h2>
      <div className="line-actions">
        <Link className="button button-outline button-block" to="/pages/user/cancel">
          {t('leave.card.cancel')}
        </Link>
        <Link className="button button-outline button-block" to="/pages/user/cancel#port-title">
          {t('leave.card.port')}
        </Link>
      </div>
    </nav>
  );
}
