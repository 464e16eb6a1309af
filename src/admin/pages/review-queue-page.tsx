import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatTime } from '../format';
import { useAdmin } from '../stores/store-context';
import { StatusTag } from './identity-panel';

/**
 * Orders under review, oldest paid first; those past the 3-working-day promise marked, and
 * each one's latest identity verification in words, a failed one (a mismatch) in the danger tag.
 */
export const ReviewQueuePage = observer(function ReviewQueuePage() {
  const { t } = useTranslation();
  const { review, language } = useAdmin();
  useEffect(() => {
    void review.load();
  }, [review]);
  return (
    <Page title={t('admin.review.title')}>
      <p className="lead">{t('admin.review.intro')}</p>
      <LoadView loadable={review.queue}>
        {({ orders }) =>
          orders.length === 0 ? (
            <p className="empty">{t('admin.review.empty')}</p>
          ) : (
            <table>
              <caption className="visually-hidden">{t('admin.review.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.order.number')}</th>
                  <th scope="col">{t('admin.order.customer')}</th>
                  <th scope="col">{t('admin.order.plan')}</th>
                  <th scope="col">{t('admin.order.paidAt')}</th>
                  <th scope="col">{t('admin.review.waiting')}</th>
                  <th scope="col">{t('admin.identity.queueColumn')}</th>
                  <th scope="col">{t('admin.review.state')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.orderNo} className={order.overdue ? 'row-overdue' : undefined}>
                    <td>
                      <Link to={`/orders/${order.orderNo}`}>{order.orderNo}</Link>
                    </td>
                    <td>{order.customerName}</td>
                    <td>{order.planName[language.lang]}</td>
                    <td>{formatTime(order.paidAt, language.lang)}</td>
                    <td>{t('admin.review.workingDays', { count: order.waitingWorkingDays })}</td>
                    <td>{order.identityStatus ? <StatusTag status={order.identityStatus} /> : '—'}</td>
                    <td>
                      {order.overdue ? <span className="tag tag-danger">{t('admin.review.overdue')}</span> : null}
                      {order.resubmitted ? <span className="tag">{t('admin.review.resubmitted')}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </LoadView>
    </Page>
  );
});
