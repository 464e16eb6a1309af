import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './lost.css';

/** The line page's quiet way to the lost page: a link with one line of what it does. */
export function LostLink() {
  const { t } = useTranslation();
  return (
    <p className="lost-link">
      <Link to="/pages/user/lost">{t('lost.entry')}</Link> <span className="field-hint">{t('lost.entryHint')}</span>
    </p>
  );
}
