import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { PayMethod } from '../../../contract/api';
import type { PaymentStore } from './payment-store';
import './payment.css';

/** One button per method this platform and deployment offer, disabled while a payment runs. */
export const PayMethodButtons = observer(function PayMethodButtons({
  payment,
  onChoose,
}: {
  payment: PaymentStore;
  onChoose: (m: PayMethod) => void;
}) {
  const { t } = useTranslation();
  const busy = payment.phase.kind === 'working' || (payment.phase.kind === 'querying' && !payment.phase.slow);
  return (
    <div className="pay-methods">
      {payment.methods.map((m) => (
        <button
          key={m}
          type="button"
          className={`button button-block pay-${m}`}
          onClick={() => onChoose(m)}
          disabled={busy}
        >
          {t(`order.payWith.${m}`)}
        </button>
      ))}
      {payment.unavailableHere.map(({ method, reasonKey }) => (
        <p key={method} className="field-hint pay-unavailable">
          {t(reasonKey)}
        </p>
      ))}
    </div>
  );
});
