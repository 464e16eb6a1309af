import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { pageTitle } from '../../app/route-frame';
import { paymentOf } from '../../app/payment-of';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { PaymentFacts } from '../../features/payment/payment-facts';
import { failureText, PaymentPhase } from '../../features/payment/payment-phase';
import { ContactChannels } from '../../features/service/contact-channels';
import '../../components/form-page.css';

type Outcome = 'paid' | 'failed' | 'cancelled' | 'confirming' | 'unconfirmed' | 'none';

/**
 * Back from paying: asks the server until it decides, then says what happened, in the words
 * of the method used. The title follows the outcome: this page is reached whatever it was.
 */
/** The words and the next page of a paid (or failed) charge, by what it paid for. */
const CHARGE_RESULTS: Record<string, { paid: string; failed: string; hint: string; back: string; page: string }> = {
  esim_reissue: {
    paid: 'payment.chargePaid',
    failed: 'payment.chargePayFailed',
    hint: 'payment.chargePaidHint',
    back: 'payment.backToLine',
    page: '/pages/user/taocan',
  },
  topup: {
    paid: 'topup.paid',
    failed: 'topup.payFailed',
    hint: 'topup.paidHint',
    back: 'topup.backToTopup',
    page: '/pages/user/topup',
  },
  sim_replacement: {
    paid: 'lost.payResult.paid',
    failed: 'lost.payResult.failed',
    hint: 'lost.payResult.hint',
    back: 'lost.payResult.back',
    page: '/pages/user/lost',
  },
  final_bill: {
    paid: 'leave.payResult.paid',
    failed: 'leave.payResult.failed',
    hint: 'leave.payResult.hint',
    back: 'leave.payResult.back',
    page: '/pages/user/cancel',
  },
};

export default observer(function PaymentResultPage({ titleKey }: PageProps) {
  const { t, i18n } = useTranslation();
  const stores = useStores();
  const { appConfig } = stores;
  const payment = paymentOf(stores);
  const [params] = useSearchParams();
  const paymentNo = params.get('paymentNo') ?? '';
  // The cashier's cancel (or quit) path comes back with this: no 70 s of "confirming" first.
  const leftCashier = params.get('cancelled') === '1';

  useEffect(() => {
    if (paymentNo && leftCashier) void payment.cancelledAtCashier(paymentNo);
    else if (paymentNo && !(payment.phase.kind === 'paid' && payment.phase.paymentNo === paymentNo))
      void payment.waitForServer(paymentNo);
    return () => payment.reset();
  }, [payment, paymentNo, leftCashier]);

  const phase = payment.phase;
  // What was paid decides the words and the way back: an order, a monthly bill or a charge.
  const kind =
    phase.kind === 'paid'
      ? phase.targetType
      : (payment.result?.targetType ?? (payment.chargeNo ? 'charge' : payment.billNo ? 'bill' : 'order'));
  const bill = kind === 'bill';
  const charge = kind === 'charge';
  // A charge speaks of what it paid for and goes back to the page that follows it; an older
  // server's answer without its kind reads as the first kind there was (an eSIM reissue).
  const chargeWords = CHARGE_RESULTS[payment.result?.chargeKind ?? 'esim_reissue'] ?? CHARGE_RESULTS.esim_reissue!;
  const outcome: Outcome = !paymentNo
    ? 'none'
    : phase.kind === 'paid'
      ? 'paid'
      : phase.kind === 'cancelled'
        ? 'cancelled'
        : phase.kind === 'failed'
          ? 'failed'
          : phase.kind === 'unconfirmed'
            ? 'unconfirmed'
            : 'confirming';
  const titleOf: Record<Outcome, string> = {
    paid: charge ? chargeWords.paid : bill ? 'payment.billPaid' : 'payment.orderPaid',
    failed: charge ? chargeWords.failed : bill ? 'payment.billPayFailed' : 'payment.orderPayFailed',
    cancelled: 'payResult.cancelledTitle',
    confirming: 'payResult.confirmingTitle',
    unconfirmed: 'payResult.unconfirmedTitle',
    none: titleKey,
  };
  const heading = t(titleOf[outcome]);
  useEffect(() => {
    document.title = pageTitle(t, titleOf[outcome]);
    // titleOf is rebuilt each render from outcome and bill, which are the real inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, outcome, kind, chargeWords, i18n.language]);

  const orderNo = payment.result?.targetType === 'order' ? payment.result.targetNo : payment.orderNo;
  const chargeNo = payment.result?.targetType === 'charge' ? payment.result.targetNo : payment.chargeNo;
  const payAgain = charge
    ? `/pages/user/pay?chargeNo=${chargeNo}`
    : bill
      ? '/pages/user/pay'
      : `/pages/process/pay?orderNo=${orderNo}`;
  const targetPage = charge
    ? chargeWords.page
    : bill
      ? '/pages/order/orderDetail'
      : `/pages/process/pay?orderNo=${orderNo}`;
  const targetWords = charge ? chargeWords.back : bill ? 'routes.orderDetail' : 'order.myOrder';
  // An older server (or a partial answer) without the facts shows none rather than "¥NaN".
  const facts = payment.result?.targetNo ? <PaymentFacts result={payment.result} /> : null;
  const checkAgain = () => void payment.waitForServer(paymentNo);

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page status-view">
        {outcome === 'paid' && (
          <>
            <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
              <circle cx="32" cy="32" r="30" fill="#1a7f37" />
              <path d="M18 33l9 9 19-20" stroke="#fff" strokeWidth="6" fill="none" strokeLinecap="round" />
            </svg>
            <h2>{heading}</h2>
            {facts}
            {kind === 'order' && <p>{t('payment.orderPaidHint')}</p>}
            {charge && <p>{t(chargeWords.hint)}</p>}
            <Link className="button button-primary" to={targetPage}>
              {t(targetWords)}
            </Link>
          </>
        )}
        {(outcome === 'failed' || outcome === 'cancelled') && (
          <>
            <h2>{heading}</h2>
            <p className="form-alert form-alert-error" role="alert">
              {phase.kind === 'failed' ? failureText(t, phase) : t('payment.cancelled')}
            </p>
            {facts}
            <Link className="button button-primary" to={payAgain}>
              {t('payment.retry')}
            </Link>
          </>
        )}
        {outcome === 'confirming' && (
          <>
            <h2>{heading}</h2>
            {facts}
            <PaymentPhase payment={payment} />
            {phase.kind === 'querying' && phase.slow && (
              <Link className="button button-outline" to={payAgain}>
                {t('payment.retry')}
              </Link>
            )}
          </>
        )}
        {outcome === 'unconfirmed' && (
          <>
            <h2>{heading}</h2>
            {facts}
            <PaymentPhase payment={payment} />
            <button type="button" className="button button-primary" onClick={checkAgain}>
              {t('payResult.checkAgain')}
            </button>
            <Link className="button button-outline" to={targetPage}>
              {t(charge ? 'payment.backToLine' : bill ? 'routes.orderDetail' : 'payResult.viewOrder')}
            </Link>
            <ContactChannels config={appConfig.config} />
          </>
        )}
        {outcome === 'none' && <p>{t('payment.noOrder')}</p>}
        <Link to="/">{t('app.backHome')}</Link>
      </main>
    </>
  );
});
