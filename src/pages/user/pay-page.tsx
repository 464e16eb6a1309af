import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { paymentOf } from '../../app/payment-of';
import { lineOf } from '../../app/line-of';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/load-failed';
import { BillSummary } from '../../features/line/bill-summary';
import type { PayWay } from '../../../contract/containers';
import { billMonthParams, unpaidOldestFirst } from '../../../contract/bill-rules';
import { tokyoDate } from '../../../contract/calendar';
import { formatYen } from '../../lib/format';
import { PayMethodButtons } from '../../features/payment/pay-method-buttons';
import { PaymentPhase } from '../../features/payment/payment-phase';
import { ChargePay } from '../../features/payment/charge-pay';
import '../../components/form-page.css';
import './line.css';

/**
 * Monthly bill payment through the same bridges as the purchase, or (`?chargeNo=`) a one-off
 * charge such as an eSIM reissue fee. Every unpaid bill is listed, oldest first, and the oldest
 * is the one paid: the server refuses a newer one while an older one is unpaid, so an overdue
 * month is never left behind.
 */
export default observer(function UserPayPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stores = useStores();
  const payment = paymentOf(stores);
  const chargeNo = useSearchParams()[0].get('chargeNo') ?? '';
  useEffect(() => () => payment.reset(), [payment]);
  useEffect(() => {
    if (payment.phase.kind === 'paid')
      navigate(`/pages/public/success?paymentNo=${payment.phase.paymentNo}`, { replace: true });
  }, [payment.phase, navigate]);
  return (
    <>
      <PageHeader title={t(titleKey)} />
      {chargeNo ? (
        <main id="main" className="page line-page">
          <ChargePay payment={payment} chargeNo={chargeNo} />
        </main>
      ) : (
        <BillPay />
      )}
    </>
  );
});

const BillPay = observer(function BillPay() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stores = useStores();
  const line = lineOf(stores);
  const payment = paymentOf(stores);
  useEffect(() => {
    void line.bills.load();
  }, [line]);

  const [due, ...later] = unpaidOldestFirst(line.bills.data.bills);
  const today = tokyoDate(new Date());
  // Back from learning the payer's openid inside WeChat: the WeChat Pay asked for goes on.
  const dueNo = due?.billNo ?? '';
  useEffect(() => {
    if (dueNo) payment.resumeAfterReturn({ billNo: dueNo });
  }, [dueNo, payment]);
  const choose = (way: PayWay) => {
    if (!due) return;
    payment.setBill(due.billNo);
    if (way.method === 'card') navigate('/pages/public/credit-card');
    else void payment.pay(way);
  };
  return (
    <>
      <main id="main" className="page line-page" aria-busy={line.bills.status === 'loading'}>
        {line.bills.status === 'ready' && !due && (
          <p className="inline-status" role="status">
            {t('api.errors.NO_BILL_TO_PAY')}
          </p>
        )}
        {line.bills.status === 'error' && !due && (
          <LoadFailed
            text={line.bills.message}
            reference={line.bills.reference}
            onRetry={() => void line.bills.load()}
          />
        )}
        {due && (
          <>
            {later.length > 0 && (
              <p className="inline-status" role="status">
                {t('line.payOldestFirst', { count: later.length + 1 })}
              </p>
            )}
            <p className="bill-tag">
              {t('line.payingNow')}
              {due.dueDate < today && <strong className="bill-overdue"> · {t('line.overdue')}</strong>}
            </p>
            <BillSummary bill={due} />
            <PayMethodButtons payment={payment} onChoose={choose} />
            <PaymentPhase payment={payment} />
            {later.length > 0 && <h2 className="bill-next">{t('line.nextInLine')}</h2>}
            {later.length > 0 && (
              <ul className="bill-list" aria-label={t('line.nextInLine')}>
                {later.map((b) => (
                  <li key={b.billNo} className="bill-row">
                    <span>{t('line.billOf', billMonthParams(b.month))}</span>
                    <span>
                      {t('price.yen', { amount: formatYen(b.total) })} · {t('line.dueDate')} {b.dueDate}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </main>
    </>
  );
});
