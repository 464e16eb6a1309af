import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { paymentOf } from '../../app/payment-of';
import { lineOf } from '../../app/line-of';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/load-failed';
import { BillSummary } from '../../features/line/bill-summary';
import { RefundNotice } from '../../features/payment/refund-notice';
import { ReceiptButton } from '../../features/receipts/receipt-button';
import { ReceiptStore } from '../../features/receipts/receipt-store';
import { billMonthParams } from '../../../contract/bill-rules';
import { formatYen } from '../../lib/format';
import '../user/line.css';

export default observer(function OrderDetailPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const stores = useStores();
  const line = lineOf(stores);
  const payment = paymentOf(stores);
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    void line.bills.load();
  }, [line]);
  const bills = line.bills.data.bills;
  const selected = bills.find((b) => b.billNo === params.get('billNo')) ?? bills[0];
  const paidNo = selected?.status === 'paid' ? selected.billNo : '';
  const receipt = useMemo(
    () => (paidNo ? new ReceiptStore(stores.http, stores.bridge, 'bill', paidNo) : null),
    [stores.http, stores.bridge, paidNo],
  );
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page line-page" aria-busy={line.bills.status === 'loading' && bills.length === 0}>
        {line.bills.status === 'ready' && bills.length === 0 && <p className="inline-status">{t('line.noBills')}</p>}
        {line.bills.status === 'error' && bills.length === 0 && (
          <LoadFailed
            text={line.bills.message}
            reference={line.bills.reference}
            onRetry={() => void line.bills.load()}
          />
        )}
        {selected && <BillSummary bill={selected} />}
        {selected && <RefundNotice payment={payment} billNo={selected.billNo} />}
        {receipt && <ReceiptButton key={receipt.no} store={receipt} />}
        {selected?.status === 'unpaid' && (
          <Link className="button button-primary button-block" to="/pages/user/pay">
            {t('routes.userPay')}
          </Link>
        )}
        {bills.length > 1 && (
          <ul className="bill-list" aria-label={t('line.allBills')}>
            {bills.map((b) => (
              <li key={b.billNo}>
                <button
                  type="button"
                  className="bill-row"
                  aria-pressed={b.billNo === selected?.billNo}
                  onClick={() => setParams({ billNo: b.billNo }, { replace: true })}
                >
                  <span>{t('line.billOf', billMonthParams(b.month))}</span>
                  <span>
                    {t('price.yen', { amount: formatYen(b.total) })} · {t(`line.billStatus.${b.status}`)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
});
