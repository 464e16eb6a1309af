import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentStore } from './payment-store';

/**
 * Where a method cannot run in this app (Alipay inside WeChat, wallets inside WeCom, WeChat Pay
 * in a phone browser): a one-time link that opens the same order, signed in as the same
 * customer, where it can run. `intro` says why and where to open it.
 */
export const HandoffPanel = observer(function HandoffPanel({
  payment,
  intro,
  openIn = 'browser',
}: {
  payment: PaymentStore;
  intro: string;
  /** Where the link is to be opened: WeChat Pay continues inside WeChat, the others in a browser. */
  openIn?: 'browser' | 'wechat';
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState('');
  const [copied, setCopied] = useState<'' | 'yes' | 'no'>('');
  const link = payment.handoff?.url ?? '';

  useEffect(() => {
    if (!payment.handoff && !payment.handoffError) void payment.makeHandoff();
  }, [payment]);
  useEffect(() => {
    if (!link) return;
    let live = true;
    // Only this panel needs the QR encoder: it stays out of the pay page's own chunk.
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(link, { margin: 1, width: 180 }).then((url) => live && setQr(url)),
    );
    return () => {
      live = false;
    };
  }, [link]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <div className="notice handoff" role="region" aria-label={t('handoff.title')}>
      <p>{intro}</p>
      {payment.handoffError && (
        <div role="alert">
          <p>{payment.handoffError.trim() || t('handoff.failed')}</p>
          <button type="button" className="button button-outline" onClick={() => void payment.makeHandoff()}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {link && (
        <>
          <p>{t(openIn === 'wechat' ? 'handoff.linkHintWechat' : 'handoff.linkHint')}</p>
          <p className="handoff-link" data-testid="handoff-link">
            {link}
          </p>
          <button type="button" className="button button-primary" onClick={() => void copy()}>
            {t('handoff.copy')}
          </button>
          {copied && (
            <p className="field-hint" role="status">
              {t(copied === 'yes' ? 'handoff.copied' : 'handoff.copyByHand')}
            </p>
          )}
          {qr && <img src={qr} width={180} height={180} alt={t('handoff.qr')} />}
        </>
      )}
    </div>
  );
});
