import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { PaymentPhase } from '../../features/payment/payment-phase';
import '../../components/form-page.css';

/** Back from paying: asks the server until it decides, then says so in SPEC.md's words. */
export default observer(function SuccessPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { payment } = useStores();
  const [params] = useSearchParams();
  const paymentNo = params.get('paymentNo') ?? '';

  useEffect(() => {
    if (paymentNo && !(payment.phase.kind === 'paid' && payment.phase.paymentNo === paymentNo))
      void payment.waitForServer(paymentNo);
    return () => payment.reset();
  }, [payment, paymentNo]);

  const paid = payment.phase.kind === 'paid';
  const bill = payment.phase.kind === 'paid' ? payment.phase.targetType === 'bill' : Boolean(payment.billNo);
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page status-view">
        {paid ? (
          <>
            <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
              <circle cx="32" cy="32" r="30" fill="#1a7f37" />
              <path d="M18 33l9 9 19-20" stroke="#fff" strokeWidth="6" fill="none" strokeLinecap="round" />
            </svg>
            <h2>{t(bill ? 'payment.billPaid' : 'payment.orderPaid')}</h2>
            {!bill && <p>{t('payment.orderPaidHint')}</p>}
            <Link className="button button-primary" to={bill ? '/pages/order/orderDetail' : '/pages/process/pay'}>
              {t(bill ? 'routes.orderDetail' : 'order.myOrder')}
            </Link>
          </>
        ) : (
          <>
            <PaymentPhase payment={payment} />
            {payment.phase.kind === 'failed' && (
              <>
                <h2>{t(bill ? 'payment.billPayFailed' : 'payment.orderPayFailed')}</h2>
                <Link className="button button-primary" to={bill ? '/pages/user/pay' : '/pages/process/pay'}>
                  {t('payment.retry')}
                </Link>
              </>
            )}
            {!paymentNo && <p>{t('payment.noOrder')}</p>}
          </>
        )}
        <Link to="/">{t('app.backHome')}</Link>
      </main>
    </>
  );
});
