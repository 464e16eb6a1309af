import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpLinks } from '../../components/help-links';
import { Link, useNavigate } from 'react-router-dom';
import type { PlanInfo } from '../../../contract/api';
import { useStores } from '../../app/store-context';
import { useHydrated } from '../../components/hydration';
import { BannerCarousel } from '../../features/content/banner-carousel';
import { PlanList } from '../../features/content/plan-list';
import { StoreList } from '../../features/content/store-list';
import { LanguageSwitch } from '../../features/language/language-switch';
import { ServiceStatus } from '../../features/service/service-status';
import './home-page.css';

export default observer(function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stores = useStores();
  const { content, language, appConfig, session } = stores;
  // The server draws every visitor signed out; a stored session shows after hydration.
  const signedIn = useHydrated() && session.isLogin;

  useEffect(() => {
    if (content.banners.status === 'idle') void content.loadHome();
  }, [content]);

  // The purchase's code is not part of the home page: a tap on a plan fetches it (the plans
  // page needs it too). Without it the plans page still opens, and offers its retry.
  const choose = (plan: PlanInfo) => {
    void stores
      .purchaseReady()
      .then((purchase) => purchase.chooseSetmeal(plan))
      .catch(() => undefined)
      .then(() => navigate('/pages/process/setmeal'));
  };
  const freeApps = appConfig.config?.freeApps ?? 22;

  return (
    <>
      <header className="home-header">
        <div className="brand">
          <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
            <circle cx="16" cy="16" r="15" fill="#e0457b" />
            <path fill="#fff" d="M16 7c2 3 5 4 5 8a5 5 0 0 1-10 0c0-4 3-5 5-8Z" />
          </svg>
          <div>
            <p className="brand-name">{t('app.name')}</p>
            <p className="brand-tagline">{t('app.tagline')}</p>
          </div>
        </div>
        <div className="home-header-actions">
          <LanguageSwitch language={language} />
          <Link className="header-link" to={signedIn ? '/pages/user/index' : '/pages/public/login'}>
            {signedIn ? t('home.myAccount') : t('home.login')}
          </Link>
        </div>
      </header>
      <main id="main" className="home">
        <h1 className="visually-hidden">{t('app.name')}</h1>
        <BannerCarousel banners={content.banners} />

        <div className="home-section">
          <Link to="/pages/process/setmeal" className="button button-primary button-block">
            {t('home.buyCta')}
          </Link>
        </div>

        <section className="home-section" aria-labelledby="highlights-title">
          <h2 id="highlights-title">{t('home.highlightsTitle')}</h2>
          <ul className="highlights">
            <li>{t('home.highlightUnlimited')}</li>
            <li>{t('home.highlightFreeApps', { count: freeApps })}</li>
            <li>{t('home.highlightDelivery')}</li>
            <li>{t('home.highlightPrepaid')}</li>
          </ul>
        </section>

        <section className="home-section" aria-labelledby="plans-title">
          <h2 id="plans-title">{t('home.plansTitle')}</h2>
          <PlanList plans={content.plans} onChoose={choose} />
        </section>

        <section className="home-section" aria-labelledby="stores-title">
          <h2 id="stores-title">{t('home.storesTitle')}</h2>
          <StoreList stores={content.stores} />
        </section>

        <section className="home-section" aria-labelledby="service-title">
          <h2 id="service-title">{t('home.serviceTitle')}</h2>
          <ServiceStatus config={appConfig.config} />
        </section>
        <HelpLinks />
      </main>
    </>
  );
});
