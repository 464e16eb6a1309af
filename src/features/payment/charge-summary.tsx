import { useTranslation } from 'react-i18next';
import type { ChargeToPay } from '../../api/charge';
import { formatYen } from '../../lib/format';
import '../../components/facts-list.css';

/** One one-off charge: what it is for, its number and what is paid, tax included. */
export function ChargeSummary({ charge }: { charge: ChargeToPay }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby={`charge-${charge.chargeNo}`}>
      <h2 id={`charge-${charge.chargeNo}`}>{t(`payment.chargeKind.${charge.kind}`)}</h2>
      <dl className="facts-list">
        <div>
          <dt>{t('payResult.chargeNo')}</dt>
          <dd>{charge.chargeNo}</dd>
        </div>
        <div>
          <dt>{t('payment.chargeTotal')}</dt>
          <dd>{t('price.yen', { amount: formatYen(charge.total) })}</dd>
        </div>
      </dl>
    </section>
  );
}
