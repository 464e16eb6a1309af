import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { unpaidOldestFirst } from '../../../contract/bill-rules';
import type { PageProps } from '../../app/lazy-page';
import { lineOf } from '../../app/line-of';
import { useStores } from '../../app/store-context';
import { HelpLinks } from '../../components/help-links';
import { PageHeader } from '../../components/page-header';
import { ContactChannels } from '../../features/service/contact-channels';
import { ServiceStatus } from '../../features/service/service-status';
import './index-page.css';

const SECTIONS: { to: string; key: string }[] = [
  { to: '/pages/order/list', key: 'order.myOrder' },
  { to: '/pages/user/taocan', key: 'routes.userTaocan' },
  { to: '/pages/order/orderDetail', key: 'routes.orderDetail' },
  { to: '/pages/user/pay', key: 'routes.userPay' },
  { to: '/pages/change-setmeal/setmeal', key: 'routes.changeSetmeal' },
  { to: '/pages/user/bind', key: 'routes.userBind' },
  { to: '/pages/user/address', key: 'routes.userAddress' },
  { to: '/pages/user/update', key: 'routes.userUpdate' },
  { to: '/pages/user/edit', key: 'routes.userEdit' },
  { to: '/pages/user/notifications', key: 'routes.userNotifications' },
];

export default observer(function UserIndexPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const stores = useStores();
  const { session, account, appConfig } = stores;
  const line = lineOf(stores);
  useEffect(() => {
    void line.bills.load();
  }, [line]);
  // Said next to "pay the bill", so an unpaid (or overdue) month is seen without opening it.
  const unpaid = unpaidOldestFirst(line.bills.data.bills).length;
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const user = session.userinfo;

  const logout = async () => {
    setLeaving(true);
    // Home first: signed out on this page, its guard would sign a WeChat or Alipay customer
    // straight back in through the platform. Pages that need an account still do that later.
    navigate('/', { replace: true });
    await account.logout();
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page user-center">
        <section className="user-card" aria-labelledby="user-name">
          <div className="user-avatar" aria-hidden="true">
            {(user?.username ?? '?').slice(0, 1).toUpperCase()}
          </div>
          <div className="user-meta">
            <h2 id="user-name">{user?.username}</h2>
            <p>{user?.email ?? t('account.noEmail')}</p>
            {user && !user.hasPassword && user.email && (
              <Link to={`/pages/public/activate?email=${encodeURIComponent(user.email)}`}>
                {t('account.setPasswordNow')}
              </Link>
            )}
          </div>
        </section>

        <nav aria-label={t('account.sections')}>
          <ul className="menu-list">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link to={section.to} className="menu-item">
                  <span>{t(section.key)}</span>
                  {section.to === '/pages/user/pay' && unpaid > 0 && (
                    <span className="menu-badge">{t('line.unpaidBadge', { count: unpaid })}</span>
                  )}
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path fill="currentColor" d="M8.6 5.4 10 4l8 8-8 8-1.4-1.4L15.2 12z" />
                  </svg>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section className="user-block" aria-labelledby="service-title">
          <h2 id="service-title">{t('home.serviceTitle')}</h2>
          <ServiceStatus config={appConfig.config} brief />
          <ContactChannels config={appConfig.config} />
        </section>
        <HelpLinks />

        <button type="button" className="button button-outline button-block" onClick={logout} disabled={leaving}>
          {t('account.logout')}
        </button>
      </main>
    </>
  );
});
