import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A purchase step reached without a chosen plan: says so and leads back to the plans. */
export function PlanRequired() {
  const { t } = useTranslation();
  return (
    <div className="notice" role="alert">
      <p>{t('api.errors.SETMEAL_REQUIRED')}</p>
      <Link className="button button-outline button-small" to="/pages/process/setmeal">
        {t('routes.processSetmeal')}
      </Link>
    </div>
  );
}
