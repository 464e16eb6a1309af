import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isOnlineMethod } from '../../../contract/identity-rules';
import { langTag } from '../../../contract/api';
import type { PageProps } from '../../app/lazy-page';
import { identityOf } from '../../app/identity-of';
import { useStores } from '../../app/store-context';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { QrImage } from '../../components/qr-image';
import type { VerifyAction } from '../../features/identity/identity-store';
import { methodName, viewText } from '../../features/identity/identity-words';
import { VerifyHandoff } from '../../features/identity/verify-handoff';
import '../../components/form-page.css';
import './process.css';

/**
 * The identity check of one order (`?orderNo=`, so a reload or a hand-off link loses nothing):
 * the methods it may use, starting one with the eKYC provider (or, inside an app, a link to go
 * on in the browser), and the server's word on it, followed until final.
 */
export default observer(function VerifyPage({ titleKey }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const stores = useStores();
  const { purchase, language } = stores;
  const identity = identityOf(stores);
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';

  useEffect(() => {
    void identity.open(orderNo);
    return () => identity.stop();
  }, [identity, orderNo]);
  // The order itself, for "correct my details" (its information back into step 2).
  useEffect(() => {
    if (orderNo) void purchase.viewOrder(orderNo);
  }, [purchase, orderNo, language.lang]);
  useEffect(() => () => purchase.order.reset(), [purchase]);

  const view = identity.view;
  const busy = identity.loading || identity.starting !== null;
  const started = identity.startedHere;
  const order = purchase.order.data?.order ?? null;
  const payPath = `/pages/process/pay?orderNo=${encodeURIComponent(orderNo)}`;
  const expiresAt = (iso: string) =>
    new Intl.DateTimeFormat(langTag(i18n.language === 'ja' ? 'ja' : 'cn'), {
      timeStyle: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(iso));

  const correct = () => {
    if (!order) return;
    purchase.startResubmit(order);
    navigate('/pages/process/information');
  };

  const actionButton = (action: VerifyAction) => {
    switch (action) {
      case 'toPay':
        return (
          <Link key={action} className="button button-primary button-block" to={payPath}>
            {t('identity.verify.toPay')}
          </Link>
        );
      case 'refresh':
        return (
          <button
            key={action}
            type="button"
            className="button button-outline button-block"
            disabled={busy}
            onClick={() => void identity.refresh()}
          >
            {identity.loading ? t('identity.verify.checking') : t('identity.verify.checkNow')}
          </button>
        );
      case 'correct':
        return (
          <button
            key={action}
            type="button"
            className="button button-primary button-block"
            disabled={!order}
            onClick={correct}
          >
            {t('identity.verify.correctDetails')}
          </button>
        );
      case 'retry':
        // In a browser the same method starts again; inside an app a new link (one works once).
        return (
          <button
            key={action}
            type="button"
            className="button button-outline button-block"
            disabled={busy || identity.handoffBusy}
            onClick={() => void (identity.needsHandoff ? identity.makeHandoff() : identity.retry())}
          >
            {identity.starting || identity.handoffBusy ? t('identity.verify.starting') : t('identity.verify.tryAgain')}
          </button>
        );
      default:
        return null;
    }
  };

  if (!orderNo) {
    return (
      <>
        <PageHeader title={t(titleKey)} />
        <main id="main" className="page process status-view">
          <p>{t('identity.verify.noOrder')}</p>
          <Link className="button button-primary" to="/pages/order/list">
            {t('order.allOrders')}
          </Link>
        </main>
      </>
    );
  }

  // While pending too: a customer who closed the provider's app, or began on another phone, can
  // start over here (a new start abandons the old one) instead of waiting on a check that never ends.
  const showMethods =
    view.kind === 'choose' || view.kind === 'failed' || view.kind === 'data_mismatch' || view.kind === 'pending';
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process" aria-busy={view.kind === 'loading'}>
        {view.kind === 'loading' && (
          <p className="inline-status" role="status">
            {t('app.loading')}
          </p>
        )}
        {view.kind === 'load-failed' && <LoadFailed text={t(view.message)} onRetry={() => void identity.refresh()} />}
        {view.kind === 'not-needed' && (
          <div className="status-view">
            <p>{t('identity.verify.notNeeded')}</p>
            <Link className="button button-primary" to={payPath}>
              {t('identity.verify.toOrder')}
            </Link>
          </div>
        )}
        {'messageKey' in view && (
          <>
            <section className="order-card verify-status" aria-labelledby="verify-title" data-testid="verify-status">
              <h2 id="verify-title">
                {t(identity.counterAllowed ? 'identity.verify.introPickup' : 'identity.verify.intro', { orderNo })}
              </h2>
              <p
                className={`verify-state verify-${view.kind}`}
                role="status"
                data-testid="verify-state"
                data-kind={view.kind}
              >
                {view.kind === 'pending' && <span className="spinner spinner-inline" aria-hidden="true" />}
                {viewText(t, view)}
              </p>
              {identity.loadError && view.kind !== 'verified' && (
                <p className="field-hint" role="alert">
                  {t('identity.verify.loadFailed')}
                </p>
              )}
              <div className="verify-actions">{view.actions.map(actionButton)}</div>
            </section>

            {view.kind !== 'verified' && started && !identity.needsHandoff && (
              <section className="order-card verify-started" aria-labelledby="verify-started-title">
                <h2 id="verify-started-title">{methodName(t, started.method)}</h2>
                {identity.opensProviderHere && (
                  <>
                    <button
                      type="button"
                      className="button button-primary button-block"
                      onClick={() => identity.openProvider()}
                    >
                      {t('identity.verify.openApp')}
                    </button>
                    <p className="field-hint">{t('identity.verify.openedHint')}</p>
                  </>
                )}
                <p>{t('identity.verify.qrHint')}</p>
                <QrImage value={started.url} alt={t('identity.verify.qr')} />
                <p className="field-hint">{t('identity.verify.expires', { time: expiresAt(started.expiresAt) })}</p>
              </section>
            )}

            {view.kind !== 'verified' && identity.needsHandoff && <VerifyHandoff identity={identity} />}

            {showMethods && (
              <section className="order-card" aria-labelledby="verify-methods-title">
                <h2 id="verify-methods-title">
                  {t(view.kind === 'pending' ? 'identity.verify.methodsAgainTitle' : 'identity.verify.methodsTitle')}
                </h2>
                <ul className="identity-methods">
                  {identity.methods.map((method) => (
                    <li key={method} data-method={method}>
                      <strong>{methodName(t, method)}</strong>
                      <p>{t(`identity.method.${method}.how`)}</p>
                      {isOnlineMethod(method) && !identity.needsHandoff && (
                        <button
                          type="button"
                          className="button button-outline button-small"
                          disabled={busy}
                          aria-label={`${t('identity.verify.start')}：${methodName(t, method)}`}
                          onClick={() => void identity.start(method)}
                        >
                          {identity.starting === method ? t('identity.verify.starting') : t('identity.verify.start')}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
                {identity.startError && (
                  <p className="field-error" role="alert">
                    {t(identity.startError)}
                  </p>
                )}
              </section>
            )}
          </>
        )}
        <Link className="button button-outline button-block" to={payPath}>
          {t('identity.verify.toOrder')}
        </Link>
      </main>
    </>
  );
});
