import { useTranslation } from 'react-i18next';
import type { PayStatus } from '../../api/payment';
import { formatYen } from '../../lib/format';
import '../../components/facts-list.css';

// Tokyo time whatever the phone's zone: bills, deadlines and customer service all speak it.
const tokyoTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

const NUMBER_LABEL: Record<string, string> = { bill: 'payResult.billNo', charge: 'payResult.chargeNo' };

/** What a result is about, on every result: amount, method, the order, bill or charge number, and when. */
export function PaymentFacts({ result }: { result: PayStatus }) {
  const { t } = useTranslation();
  return (
    <dl className="facts-list pay-facts">
      <div>
        <dt>{t('payResult.amount')}</dt>
        <dd>{t('price.yen', { amount: formatYen(result.amount) })}</dd>
      </div>
      <div>
        <dt>{t('payResult.method')}</dt>
        {/* The method's name, not its button's words: "クレジットカードで支払う" is a verb. */}
        <dd>{t(`payResult.methodName.${result.method}`)}</dd>
      </div>
      <div>
        <dt>{t(NUMBER_LABEL[result.targetType] ?? 'payResult.orderNo')}</dt>
        <dd>{result.targetNo}</dd>
      </div>
      <div>
        <dt>{t('payResult.time')}</dt>
        <dd>{tokyoTime.format(new Date(result.at))}</dd>
      </div>
    </dl>
  );
}
