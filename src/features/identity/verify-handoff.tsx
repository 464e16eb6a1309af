import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HandoffBox } from '../../components/handoff-box';
import './identity.css';
import type { IdentityStore } from './identity-store';

/**
 * Inside WeChat, Alipay or a mini-program the provider's app cannot be opened: a one-time link
 * (next=verify) continues the check in the phone's browser, or on another phone by its QR code,
 * while this page follows the server.
 */
export const VerifyHandoff = observer(function VerifyHandoff({ identity }: { identity: IdentityStore }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!identity.handoff && !identity.handoffError && !identity.handoffBusy) void identity.makeHandoff();
  }, [identity]);

  return (
    <HandoffBox
      testId="verify-handoff"
      link={identity.handoff?.url ?? ''}
      busy={identity.handoffBusy}
      error={identity.handoffError ? t(identity.handoffError) : ''}
      onRetry={() => void identity.makeHandoff()}
      words={{
        title: t('handoff.title'),
        intro: t('identity.verify.inAppIntro'),
        making: t('identity.verify.starting'),
        copy: t('identity.verify.copy'),
        copied: t('identity.verify.copied'),
        copyByHand: t('identity.verify.copyByHand'),
        qrAlt: t('identity.verify.handoffQr'),
      }}
    />
  );
});
