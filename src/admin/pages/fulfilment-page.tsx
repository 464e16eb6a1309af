import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FulfilmentQueue } from '../../../contract/admin-api';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatTime } from '../format';
import { useAdmin } from '../stores/store-context';
import { LowStockBanner } from './esim-low-stock';
import { ReplacementQueue } from './replacement-queue';

/** How an approved order reaches the customer; an eSIM one here waits for a profile in stock. */
function DeliveryCell({ order }: { order: FulfilmentQueue['toShip'][number] }) {
  const { t } = useTranslation();
  if (order.delivery === 'esim')
    return (
      <>
        {t('admin.fulfil.byEsim')} <Link to="/esim">{t('admin.fulfil.toStock')}</Link>
      </>
    );
  return (
    <>
      {order.delivery === 'pickup'
        ? t('admin.fulfil.pickupAt', { store: order.store ?? '' })
        : t('admin.fulfil.byMail')}
    </>
  );
}

/**
 * Approved orders to ship or hand over, then orders waiting for their line to be activated; a
 * banner when eSIM stock runs low (its load failing says nothing: the queue is what matters here).
 */
export const FulfilmentPage = observer(function FulfilmentPage() {
  const { t } = useTranslation();
  const { fulfilment, esim, language } = useAdmin();
  useEffect(() => {
    void fulfilment.load();
    void esim.loadSummary();
  }, [fulfilment, esim]);
  return (
    <Page title={t('admin.fulfil.title')}>
      {esim.summary.data ? <LowStockBanner stock={esim.summary.data} /> : null}
      <LoadView loadable={fulfilment.queue}>
        {({ toShip, toActivate }) => (
          <>
            <section aria-labelledby="to-ship-heading">
              <h2 id="to-ship-heading">{t('admin.fulfil.toShip')}</h2>
              {toShip.length === 0 ? (
                <p className="empty">{t('admin.fulfil.noneToShip')}</p>
              ) : (
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.order.number')}</th>
                      <th scope="col">{t('admin.order.customer')}</th>
                      <th scope="col">{t('admin.fulfil.delivery')}</th>
                      <th scope="col">{t('admin.fulfil.approvedAt')}</th>
                      <th scope="col">{t('admin.review.state')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {toShip.map((order) => (
                      <tr key={order.orderNo} className={order.overdue ? 'row-overdue' : undefined}>
                        <td>
                          <Link to={`/orders/${order.orderNo}`}>{order.orderNo}</Link>
                        </td>
                        <td>{order.customerName}</td>
                        <td>
                          <DeliveryCell order={order} />
                        </td>
                        <td>{formatTime(order.approvedAt, language.lang)}</td>
                        <td>
                          {order.overdue ? <span className="tag tag-danger">{t('admin.review.overdue')}</span> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <section aria-labelledby="to-activate-heading">
              <h2 id="to-activate-heading">{t('admin.fulfil.toActivate')}</h2>
              {toActivate.length === 0 ? (
                <p className="empty">{t('admin.fulfil.noneToActivate')}</p>
              ) : (
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.order.number')}</th>
                      <th scope="col">{t('admin.order.customer')}</th>
                      <th scope="col">{t('admin.order.status')}</th>
                      <th scope="col">{t('admin.fulfil.trackingNo')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {toActivate.map((order) => (
                      <tr key={order.orderNo}>
                        <td>
                          <Link to={`/orders/${order.orderNo}`}>{order.orderNo}</Link>
                        </td>
                        <td>{order.customerName}</td>
                        <td>{t(`order.status.${order.status}`)}</td>
                        <td>{order.trackingNo ?? '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          </>
        )}
      </LoadView>
      <ReplacementQueue />
    </Page>
  );
});
