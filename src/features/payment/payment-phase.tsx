import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { HandoffPanel } from './handoff-panel';
import { ScanToPay } from './scan-to-pay';
import type { PaymentStore } from './payment-store';
import './payment.css';

/** A failure in the words of the method used: the card gateway's reason, or WeChat Pay's or Alipay's. */
export function failureText(
  t: (key: string, options?: Record<string, string>) => string,
  phase: { reasonKey: string; cardCode?: string; method?: string },
): string {
  if (phase.cardCode) return `${t('card.failedPrefix')}${t(phase.reasonKey)}`;
  if (phase.method === 'wechat' || phase.method === 'alipay')
    return t('payResult.failedWith', {
      method: t(`payResult.methodName.${phase.method}`),
      reason: t(phase.reasonKey, { defaultValue: t('payment.failed') }),
    });
  return t(phase.reasonKey);
}

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
    case 'querying': {
      const status = (
        <p className="pay-phase" role="status">
          <span className="spinner spinner-inline" aria-hidden="true" />
          {t(phase.slow ? 'payResult.slow' : 'payment.querying')}
        </p>
      );
      return phase.codeUrl ? <ScanToPay codeUrl={phase.codeUrl}>{status}</ScanToPay> : status;
    }
    case 'unconfirmed':
      return (
        <p className="notice" role="status">
          {t('payResult.unconfirmed')}
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
        <HandoffPanel
          payment={payment}
          intro={t(`payment.elsewhere.${payment.container}.${phase.method}`, {
            defaultValue: t('payment.openInBrowser'),
          })}
          openIn={phase.method === 'wechat' ? 'wechat' : 'browser'}
        />
      );
    case 'open-in-wechat':
      return <HandoffPanel payment={payment} intro={t('payment.openInWechat')} openIn="wechat" />;
    case 'failed':
      return (
        <p className="form-alert form-alert-error" role="alert">
          {failureText(t, phase)}
        </p>
      );
    default:
      return null;
  }
});
