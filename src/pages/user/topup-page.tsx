import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { CardFields } from '../../features/payment/card-fields';
import { tokenizeCard } from '../../features/payment/card-token';
import { AddonList } from '../../features/topup/addon-list';
import { AutoTopupSection } from '../../features/topup/auto-topup-section';
import { OpenTopup, RecentTopups, TopupUsage } from '../../features/topup/topup-parts';
import { TopupStore } from '../../features/topup/topup-store';
import './line.css';
import '../../features/topup/topup.css';

/** Extra data when the quota runs out (issue 31): the quota now, add-ons, automatic top-up. */
export default observer(function TopupPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { http, language, appConfig } = useStores();
  // Made with the page: top-ups stay out of the app's first load.
  const [store] = useState(
    () => new TopupStore(http, (card, working) => tokenizeCard(card, appConfig.config?.payment ?? null, working)),
  );
  useEffect(() => {
    void store.load();
  }, [store, language.lang]);
  useEffect(() => () => store.clear(), [store]);

  const data = store.page.data;
  const failure = store.failure;
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page line-page" aria-busy={store.page.status === 'loading' && !data}>
        {store.page.status === 'error' && !data && store.page.error === 'NO_LINE' && (
          <div className="notice" role="status">
            <p>{store.page.message || t('api.errors.NO_LINE')}</p>
            <Link className="button button-outline button-small" to="/pages/process/setmeal">
              {t('home.buyCta')}
            </Link>
          </div>
        )}
        {store.page.status === 'error' && !data && store.page.error !== 'NO_LINE' && (
          <LoadFailed text={store.page.message} reference={store.page.reference} onRetry={() => void store.load()} />
        )}
        {!data && store.page.status !== 'error' && (
          <p className="inline-status" role="status">
            {t('app.loading')}
          </p>
        )}
        {data && (
          <>
            <TopupUsage data={data} />
            {failure && (
              <p className="form-alert form-alert-error" role="alert">
                {failure.msg || t(`api.errors.${failure.key}`)}
              </p>
            )}
            {data.open && <OpenTopup store={store} open={data.open} />}
            {!data.available && (
              <p className="notice" role="status">
                {t('topup.notAvailable', { status: t(`line.statuses.${data.lineStatus}`) })}
              </p>
            )}
            {data.available && !data.open && <AddonList store={store} addons={data.addons} />}
            <AutoTopupSection store={store} data={data} cardFields={(p) => <CardFields {...p} />} />
            <RecentTopups topups={data.recent} />
          </>
        )}
        <Link className="button button-outline button-block" to="/pages/user/taocan">
          {t('payment.backToLine')}
        </Link>
      </main>
    </>
  );
});
