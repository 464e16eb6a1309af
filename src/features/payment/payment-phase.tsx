import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { PaymentStore } from './payment-store';
import './payment.css';

/** What the last payment attempt came to, in words; a card failure names the gateway's reason. */
export const PaymentPhase = observer(function PaymentPhase({ payment }: { payment: PaymentStore }) {
  const { t } = useTranslation();
  const phase = payment.phase;
  switch (phase.kind) {
    case 'working':
      return (
        <p className="pay-phase" role="status">
          {t('payment.working')}
        </p>
      );
    case 'querying':
      return (
        <p className="pay-phase" role="status">
          <span className="spinner spinner-inline" aria-hidden="true" />
          {t('payment.querying')}
        </p>
      );
    case 'cancelled':
      return (
        <p className="form-alert form-alert-error" role="alert">
          {t('payment.cancelled')}
        </p>
      );
    case 'open-in-browser':
      return (
        <p className="notice" role="alert">
          {t('payment.openInBrowser')}
        </p>
      );
    case 'failed':
      return (
        <p className="form-alert form-alert-error" role="alert">
          {phase.cardCode ? `${t('card.failedPrefix')}${t(phase.reasonKey)}` : t(phase.reasonKey)}
        </p>
      );
    default:
      return null;
  }
});
