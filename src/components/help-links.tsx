import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const LINKS = [
  { to: '/pages/public/faq', key: 'routes.faq' },
  { to: '/pages/public/richtext?name=terms', key: 'chrome.terms' },
  { to: '/pages/public/richtext?name=privacy', key: 'account.privacyPolicy' },
  { to: '/pages/public/richtext?name=sim-rules', key: 'chrome.simRules' },
];

/** Answers and the rules of the service, reachable from home and the personal center. */
export function HelpLinks() {
  const { t } = useTranslation();
  return (
    <nav className="help-links" aria-label={t('chrome.helpLinks')}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{t(link.key)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
