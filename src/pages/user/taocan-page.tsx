import { formatPhone } from '../../../contract/line-rules';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UsageBar } from '../../components/usage-bar';
import { Link } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { lineOf } from '../../app/line-of';
import { useStores } from '../../app/store-context';
import { LoadFailed } from '../../components/load-failed';
import { ReissueCard } from '../../features/esim/reissue-card';
import { ReissueStore } from '../../features/esim/reissue-store';
import { CancelChangeButton } from '../../features/line/cancel-change-button';
import { PauseCard } from '../../features/pause/pause-card';
import { PauseStore } from '../../features/pause/pause-store';
import { LostLink } from '../../features/lost/lost-link';
import { LeaveLinks } from '../../features/leave/leave-links';
import { TopupLink } from '../../features/topup/topup-link';
import { PageHeader } from '../../components/page-header';
import { formatYen } from '../../lib/format';
import './line.css';

export default observer(function TaocanPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const stores = useStores();
  const { language, appConfig, http } = stores;
  const line = lineOf(stores);
  // Made with the page: the eSIM reissue stays out of the app's first load.
  const [reissue] = useState(() => new ReissueStore(http));
  const [pause] = useState(() => new PauseStore(http));
  useEffect(() => {
    void line.pkg.load();
    void line.usage.load();
  }, [line, language.lang]);

  const pkg = line.pkg.data;
  const usage = line.usage.data;
  const gb = (mb: number) => (mb / 1024).toFixed(1);
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page line-page" aria-busy={line.pkg.status === 'loading' && !pkg}>
        {/* Only someone with no line yet is offered a SIM; anyone else gets the reason and a retry. */}
        {line.pkg.status === 'error' && !pkg && line.pkg.error === 'NO_LINE' && (
          <div className="notice" role="status">
            <p>{line.pkg.message || t('api.errors.NO_LINE')}</p>
            <Link className="button button-outline button-small" to="/pages/process/setmeal">
              {t('home.buyCta')}
            </Link>
          </div>
        )}
        {line.pkg.status === 'error' && !pkg && line.pkg.error !== 'NO_LINE' && (
          <LoadFailed
            text={line.pkg.message}
            reference={line.pkg.reference}
            onRetry={() => {
              // Usage failed with it, most likely: one tap asks for both.
              void line.pkg.load();
              if (line.usage.status === 'error') void line.usage.load();
            }}
          />
        )}
        {line.usage.status === 'error' && pkg && (
          <LoadFailed
            text={line.usage.message}
            reference={line.usage.reference}
            onRetry={() => void line.usage.load()}
          />
        )}
        {pkg && (
          <section className="card" aria-labelledby="pkg-title">
            <h2 id="pkg-title">{pkg.planName}</h2>
            <dl className="facts-list">
              <div>
                <dt>{t('line.number')}</dt>
                <dd>{formatPhone(pkg.msisdn)}</dd>
              </div>
              <div>
                <dt>{t('line.status')}</dt>
                <dd>{t(`line.statuses.${pkg.status}`)}</dd>
              </div>
              <div>
                <dt>{t('home.monthlyRent')}</dt>
                <dd>
                  {t('price.yen', { amount: formatYen(pkg.monthlyRent) })}
                  {t('home.perMonth')}
                </dd>
              </div>
              <div>
                <dt>{t('line.thisMonthBill')}</dt>
                <dd>{pkg.currentBill ? t(`line.billStatus.${pkg.currentBill.status}`) : t('line.noBillYet')}</dd>
              </div>
            </dl>
            {pkg.pendingChange && (
              <p className="notice">
                {t('line.pendingChange', { plan: pkg.pendingChange.planName, date: pkg.pendingChange.effectiveDate })}
              </p>
            )}
            <CancelChangeButton line={line} />
          </section>
        )}
        {/* The cards keep their place while they load: the links under them never jump. */}
        {!pkg && line.pkg.status !== 'error' && (
          <div className="card line-skeleton line-skeleton-pkg" aria-hidden="true" />
        )}
        {!usage && line.usage.status !== 'error' && line.pkg.status !== 'error' && (
          <div className="card line-skeleton line-skeleton-usage" aria-hidden="true" />
        )}
        {usage && (
          <section className="card" aria-labelledby="usage-title">
            <h2 id="usage-title">{t('line.usageTitle')}</h2>
            <p>{t('line.usedOf', { used: gb(usage.usedMb), quota: gb(usage.quotaMb) })}</p>
            <UsageBar percent={usage.percent} />
            <p className={usage.throttled ? 'usage-throttled' : 'usage-ok'}>
              {usage.throttled ? t('line.throttled', { kbps: usage.throttledKbps }) : t('line.fullSpeed')}
            </p>
            <p>{t('line.resetIn', { days: usage.daysUntilReset, date: usage.resetDate })}</p>
            <p className="field-hint">{t('line.freeApps', { count: appConfig.config?.freeApps ?? 22 })}</p>
            <TopupLink throttled={usage.throttled} />
          </section>
        )}
        <nav className="line-actions" aria-label={t('account.sections')}>
          <Link className="button button-outline button-block" to="/pages/change-setmeal/setmeal">
            {t('routes.changeSetmeal')}
          </Link>
          <Link className="button button-outline button-block" to="/pages/order/orderDetail">
            {t('routes.orderDetail')}
          </Link>
        </nav>
        {/* What the customer does with the line now and then, under what they check every day;
            the cards that wait for answers of their own last, where their arrival moves nothing. */}
        {pkg && <LeaveLinks />}
        {pkg && <LostLink />}
        {pkg && <ReissueCard reissue={reissue} />}
        {pkg && <PauseCard pause={pause} />}
      </main>
    </>
  );
});
