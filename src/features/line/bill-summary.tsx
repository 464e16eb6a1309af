import { useTranslation } from 'react-i18next';
import type { BillView } from '../../../contract/api';
import { billMonthParams } from '../../../contract/bill-rules';
import { formatYen } from '../../lib/format';

/** One bill: month, items, tax, total, due date and whether it is paid. */
export function BillSummary({ bill }: { bill: BillView }) {
  const { t } = useTranslation();
  const yen = (n: number) => t('price.yen', { amount: formatYen(n) });
  return (
    <section className="card" aria-labelledby={`bill-${bill.billNo}`}>
      <h2 id={`bill-${bill.billNo}`}>{t('line.billOf', billMonthParams(bill.month))}</h2>
      <dl className="facts-list">
        {bill.items.map((item) => (
          <div key={item.code}>
            <dt>{t(`line.item.${item.code}`)}</dt>
            <dd>{yen(item.amount)}</dd>
          </div>
        ))}
        <div>
          <dt>{t('order.tax')}</dt>
          <dd>{yen(bill.tax)}</dd>
        </div>
        <div>
          <dt>{t('order.total')}</dt>
          <dd>{yen(bill.total)}</dd>
        </div>
        <div>
          <dt>{t('line.dueDate')}</dt>
          <dd>{bill.dueDate}</dd>
        </div>
        <div>
          <dt>{t('line.status')}</dt>
          <dd>{t(`line.billStatus.${bill.status}`)}</dd>
        </div>
      </dl>
    </section>
  );
}
