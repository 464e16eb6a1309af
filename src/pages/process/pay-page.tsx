import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CODE_OK } from '../../../contract/api';
import { withTax } from '../../../contract/pricing';
import { fetchOrder, type OrderView } from '../../api/purchase';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { Steps } from '../../components/steps';
import { PayMethodButtons } from '../../features/payment/pay-method-buttons';
import { PaymentPhase } from '../../features/payment/payment-phase';
import { RefundNotice } from '../../features/payment/refund-notice';
import { PayCountdown } from '../../features/purchase/countdown';
import { formatYen } from '../../lib/format';
import './process.css';


export default observer(function PayPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { http, purchase, language, payment } = useStores();
  const [order, setOrder] = useState<OrderView | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  const load = useCallback(async () => {
    setState('loading');
    try {
      const res = await fetchOrder(http);
      if (res.code !== CODE_OK) throw new Error(res.msg);
      setOrder(res.data.order);
      setState('ready');
    } catch {
      setState('error');
    }
  }, [http]);

  useEffect(() => {
    void load();
  }, [load, language.lang]);
  useEffect(() => () => payment.reset(), [payment]);
  useEffect(() => {
    if (payment.phase.kind === 'paid') navigate(`/pages/public/success?paymentNo=${payment.phase.paymentNo}`, { replace: true });
  }, [payment.phase, navigate]);

  const yen = (n: number) => t('price.yen', { amount: formatYen(n) });

  if (state !== 'ready') {
    return (
      <>
        <PageHeader title={t(titleKey)} />
        <main id="main" className="page process" aria-busy={state === 'loading'}>
          {state === 'error' && (
            <div className="notice" role="alert">
              <p>{t('home.loadError')}</p>
              <button type="button" className="button button-outline button-small" onClick={() => void load()}>
                {t('app.retry')}
              </button>
            </div>
          )}
        </main>
      </>
    );
  }

  if (!order) {
    return (
      <>
        <PageHeader title={t(titleKey)} />
        <main id="main" className="page process status-view">
          <p>{t('order.none')}</p>
          <Link className="button button-primary" to="/pages/process/setmeal">
            {t('home.buyCta')}
          </Link>
        </main>
      </>
    );
  }

  const awaiting = order.status === 'awaiting_payment';
  const choose = (method: 'wechat' | 'alipay' | 'card') => {
    payment.setOrder(order.orderNo);
    if (method === 'card') navigate('/pages/public/credit-card');
    else void payment.pay(method);
  };
  const fix = () => {
    purchase.startResubmit(order);
    navigate('/pages/process/information');
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process">
        {awaiting && <Steps current={4} />}
        <section className="order-card" aria-labelledby="order-title">
          <h2 id="order-title">{order.planName}</h2>
          <p className="order-no">{t('order.number', { no: order.orderNo })}</p>
          <p className={`order-status status-${order.status}`} role="status">
            {t(`order.status.${order.status}`)}
          </p>
          <p className="order-status-hint">{t(`order.statusHint.${order.status}`)}</p>
          <RefundNotice orderNo={order.orderNo} />
          {order.dispatchBy && <p className="order-dispatch">{t('order.dispatchBy', { date: order.dispatchBy })}</p>}
          {order.trackingNo && <p>{t('order.tracking', { no: order.trackingNo })}</p>}
          {order.status === 'rejected' && order.rejectReason && (
            <div className="notice" role="alert">
              <p>
                {t('order.rejectedDocument', { document: t(`order.document.${order.rejectReason.document}`) })}
              </p>
              <p>{t('order.rejectedReason', { reason: order.rejectReason.reason })}</p>
              <button type="button" className="button button-primary button-small" onClick={fix}>
                {t('order.fixAndResubmit')}
              </button>
            </div>
          )}
          <dl className="order-amounts">
            <div>
              <dt>{t('order.price')}</dt>
              <dd>{yen(order.price)}</dd>
            </div>
            <div>
              <dt>{t('order.tax')}</dt>
              <dd>{yen(order.tax)}</dd>
            </div>
            <div className="order-total">
              <dt>{t('order.total')}</dt>
              <dd>{yen(order.total)}</dd>
            </div>
            <div>
              <dt>{t('home.monthlyRent')}</dt>
              <dd>
                {yen(withTax(order.monthlyRent))}
                {t('home.perMonth')}
              </dd>
            </div>
          </dl>
        </section>

        {awaiting && (
          <section className="pay-box" aria-labelledby="pay-title">
            <h2 id="pay-title">{t('order.payTitle')}</h2>
            <PayCountdown deadline={order.payBefore} onExpired={() => void load()} />
            <PayMethodButtons payment={payment} onChoose={choose} />
            <PaymentPhase payment={payment} />
          </section>
        )}
        <Link className="button button-outline button-block" to="/">
          {t('app.backHome')}
        </Link>
      </main>
    </>
  );
});
