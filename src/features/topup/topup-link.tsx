import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './topup.css';

/** The line page's way to the top-up page; prominent (primary, said why) when the speed is limited. */
export function TopupLink({ throttled }: { throttled: boolean }) {
  const { t } = useTranslation();
  if (!throttled)
    return (
      <Link className="button button-outline button-block" to="/pages/user/topup">
        {t('topup.link')}
      </Link>
    );
  return (
    <div className="topup-urgent" role="status">
      <p>{t('topup.linkThrottled')}</p>
      <Link className="button button-primary button-block" to="/pages/user/topup">
        {t('topup.linkBuy')}
      </Link>
    </div>
  );
}
