import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { Permission } from '../../../contract/staff-roles';
import { useAdmin } from '../stores/store-context';
import { LanguageSwitch } from './language-switch';

/**
 * The console's areas and the permission each needs; the nav shows a role only its own. `home:
 * false`: never where /admin/ opens (eSIM stock is a look aside for reviewers and support).
 */
export const AREAS: { path: string; key: string; permission: Permission; home?: false }[] = [
  { path: '/review', key: 'review', permission: 'review' },
  { path: '/fulfilment', key: 'fulfilment', permission: 'fulfil' },
  { path: '/esim', key: 'esim', permission: 'orders', home: false },
  { path: '/customers', key: 'customers', permission: 'customers' },
  { path: '/money/payments', key: 'payments', permission: 'money' },
  { path: '/money/refunds', key: 'refunds', permission: 'money' },
  { path: '/money/bills', key: 'bills', permission: 'money' },
  { path: '/money/usage', key: 'usage', permission: 'money' },
  { path: '/audit', key: 'audit', permission: 'ownAudit' },
  { path: '/staff', key: 'staff', permission: 'staff' },
];

export const Layout = observer(function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { session } = useAdmin();
  const staff = session.staff;
  const areas = AREAS.filter((area) => session.can(area.permission));
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('admin.skipToContent')}
      </a>
      <header className="topbar">
        <span className="brand">{t('admin.brand')}</span>
        <div className="topbar-end">
          {staff ? (
            <span className="who">
              {t('admin.signedInAs', { name: staff.name || staff.login, role: t(`admin.roles.${staff.role}`) })}
            </span>
          ) : null}
          <LanguageSwitch />
          <button
            type="button"
            className="button button-quiet"
            disabled={session.signOut.running}
            onClick={() => void session.signOut.run()}
          >
            {t('admin.signOut')}
          </button>
        </div>
      </header>
      <div className="body">
        <nav className="sidenav" aria-label={t('admin.nav.label')}>
          <ul>
            {areas.map((area) => (
              <li key={area.path}>
                <NavLink to={area.path}>{t(`admin.nav.${area.key}`)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
});
