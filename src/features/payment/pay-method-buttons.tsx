import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { isRunnable, type PayWay } from '../../../contract/containers';
import { useHydrated } from '../../components/hydration';
import type { PaymentStore } from './payment-store';
import './payment.css';

/** The words on a way's button: the method, and how it runs here when that is not the usual way. */
export function wayLabelKey(way: PayWay): string {
  if (!isRunnable(way)) return `order.payElsewhere.${way.method}`;
  if (way.scene === 'native') return 'order.payWith.wechatNative';
  if (way.scene === 'alipayplus') return 'order.payWith.alipayHk';
  return `order.payWith.${way.method}`;
}

/**
 * One button per way this container and deployment offer (contract/containers.ts), disabled while a
 * payment runs, but not while a WeChat Native QR code waits to be scanned: the customer may
 * pick another way instead (the server closes the open attempt when a new one starts).
 * On a page the server drew, disabled until the app has taken it over: a tap before then
 * would reach a button with nothing behind it and be lost.
 */
export const PayMethodButtons = observer(function PayMethodButtons({
  payment,
  onChoose,
}: {
  payment: PaymentStore;
  onChoose: (way: PayWay) => void;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const phase = payment.phase;
  const busy = phase.kind === 'working' || (phase.kind === 'querying' && !phase.slow && !phase.codeUrl);
  return (
    <div className="pay-methods">
      {payment.choices.map((way) => (
        <button
          key={`${way.method}:${isRunnable(way) ? way.scene : way.instead}`}
          type="button"
          className={`button button-block ${isRunnable(way) ? `pay-${way.method}` : 'button-outline pay-elsewhere'}`}
          onClick={() => onChoose(way)}
          disabled={busy || !hydrated}
        >
          {t(wayLabelKey(way))}
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
