import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYen } from '../../lib/format';
import type { PaymentStore, PayTarget } from './payment-store';

/**
 * "A duplicate payment of ¥1,980 is being refunded" / "was refunded", on an order or a bill
 * that was paid more than once (the surplus goes back through the provider).
 */
export const RefundNotice = observer(function RefundNotice({
  payment,
  orderNo,
  billNo,
}: PayTarget & { payment: PaymentStore }) {
  const { t } = useTranslation();
  const target = orderNo || billNo ? payment.refundsOf(billNo ? { billNo } : { orderNo }) : null;
  useEffect(() => {
    void target?.load();
  }, [target]);
  // Not knowing about a refund is no reason to break the page (so no error and no retry
  // here); the next visit asks again.
  const refunds = target?.data.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <div className="notice refund-notice" role="status">
      {refunds.map((refund, index) => (
        <p key={index}>
          {t(refund.status === 'refunded' ? 'payment.refunded' : 'payment.refunding', {
            amount: formatYen(refund.amount),
          })}
        </p>
      ))}
    </div>
  );
});
