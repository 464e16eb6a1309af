import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { langTag } from '../../../contract/api';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { formatYen } from '../../lib/format';
import '../../components/form-page.css';
import './list-page.css';

/** An eSIM ready to install opens its install page; any other order its payment and status. */
const orderPath = (order: { orderNo: string; status: string }) =>
  order.status === 'esim_ready'
    ? `/pages/order/detail?orderNo=${encodeURIComponent(order.orderNo)}`
    : `/pages/process/pay?orderNo=${order.orderNo}`;

/** Every order of the customer, newest first; each opens its own page. */
export default observer(function OrderListPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { purchase, language } = useStores();
  const orders = purchase.orders;

  // Plan names and statuses are in the customer's language: a switch asks again.
  useEffect(() => {
    void orders.load();
  }, [orders, language.lang]);

  const placedOn = (iso: string) =>
    new Intl.DateTimeFormat(langTag(language.lang), {
      dateStyle: 'medium',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(iso));

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main
        id="main"
        className="page process"
        aria-busy={orders.status === 'loading' && orders.data.orders.length === 0}
      >
        {orders.status === 'error' && (
          <LoadFailed text={orders.message} reference={orders.reference} onRetry={() => void orders.load()} />
        )}
        {orders.status === 'ready' && orders.data.orders.length === 0 && (
          <div className="status-view">
            <p>{t('order.none')}</p>
            <Link className="button button-primary" to="/pages/process/setmeal">
              {t('home.buyCta')}
            </Link>
          </div>
        )}
        {orders.data.orders.length > 0 && (
          <ul className="order-list">
            {orders.data.orders.map((order) => (
              <li key={order.orderNo}>
                <Link className="order-card order-list-item" to={orderPath(order)}>
                  <span className="order-list-head">
                    <strong>{order.planName}</strong>
                    <span className={`order-list-status status-${order.status}`}>
                      {t(`order.status.${order.status}`)}
                    </span>
                  </span>
                  <span className="order-no">{t('order.number', { no: order.orderNo })}</span>
                  <span className="order-list-meta">
                    <span>{t('order.placedOn', { date: placedOn(order.createdAt) })}</span>
                    <span>{t('price.yen', { amount: formatYen(order.total) })}</span>
                  </span>
                  {order.status === 'awaiting_payment' && (
                    <span className="order-list-action">{t('order.payNow')}</span>
                  )}
                  {order.status === 'esim_ready' && (
                    <span className="order-list-action">{t('esim.order.install')}</span>
                  )}
                  {order.status === 'rejected' && (
                    <span className="order-list-action">{t('order.fixAndResubmit')}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
});
