import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefundView } from '../../../contract/api';
import { fetchRefunds } from '../../api/payment';
import { useStores } from '../../app/store-context';
import { formatYen } from '../../lib/format';

/**
 * "A duplicate payment of ¥1,980 is being refunded" / "was refunded", on an order or a bill
 * that was paid more than once (the surplus goes back through the provider).
 */
export function RefundNotice({ orderNo, billNo }: { orderNo?: string; billNo?: string }) {
  const { t } = useTranslation();
  const { http } = useStores();
  const [refunds, setRefunds] = useState<RefundView[]>([]);
  useEffect(() => {
    if (!orderNo && !billNo) return undefined;
    let live = true;
    fetchRefunds(http, billNo ? { billNo } : { orderNo })
      .then((answer) => {
        if (live && answer.code === 1) setRefunds(answer.data.refunds);
      })
      // Not knowing about a refund is no reason to break the page; the next visit asks again.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [http, orderNo, billNo]);
  if (refunds.length === 0) return null;
  return (
    <div className="notice refund-notice" role="status">
      {refunds.map((refund, index) => (
        <p key={index}>{t(refund.status === 'refunded' ? 'payment.refunded' : 'payment.refunding', { amount: formatYen(refund.amount) })}</p>
      ))}
    </div>
  );
}
