import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrImage } from '../../components/qr-image';
import './identity.css';
import type { IdentityStore } from './identity-store';

/**
 * Inside WeChat, Alipay or a mini-program the provider's app cannot be opened: a one-time link
 * (next=verify) continues the check in the phone's browser, or on another phone by its QR code,
 * while this page follows the server.
 */
export const VerifyHandoff = observer(function VerifyHandoff({ identity }: { identity: IdentityStore }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'' | 'yes' | 'no'>('');
  const link = identity.handoff?.url ?? '';

  useEffect(() => {
    if (!identity.handoff && !identity.handoffError && !identity.handoffBusy) void identity.makeHandoff();
  }, [identity]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <div className="notice handoff" role="region" aria-label={t('handoff.title')} data-testid="verify-handoff">
      <p>{t('identity.verify.inAppIntro')}</p>
      {identity.handoffBusy && !link && <p role="status">{t('identity.verify.starting')}</p>}
      {identity.handoffError && (
        <div role="alert">
          <p>{t(identity.handoffError)}</p>
          <button
            type="button"
            className="button button-outline"
            disabled={identity.handoffBusy}
            onClick={() => void identity.makeHandoff()}
          >
            {t('app.retry')}
          </button>
        </div>
      )}
      {link && (
        <>
          <p className="handoff-link" data-testid="handoff-link">
            {link}
          </p>
          <button type="button" className="button button-primary" onClick={() => void copy()}>
            {t('identity.verify.copy')}
          </button>
          {copied && (
            <p className="field-hint" role="status">
              {t(copied === 'yes' ? 'identity.verify.copied' : 'identity.verify.copyByHand')}
            </p>
          )}
          <QrImage value={link} alt={t('identity.verify.handoffQr')} />
        </>
      )}
    </div>
  );
});
