import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HandoffBox } from '../../components/handoff-box';
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
  useEffect(() => {
    if (!payment.handoff && !payment.handoffError) void payment.makeHandoff();
  }, [payment]);

  return (
    <HandoffBox
      link={payment.handoff?.url ?? ''}
      error={payment.handoffError ? payment.handoffError.trim() || t('handoff.failed') : ''}
      onRetry={() => void payment.makeHandoff()}
      words={{
        title: t('handoff.title'),
        intro,
        hint: t(openIn === 'wechat' ? 'handoff.linkHintWechat' : 'handoff.linkHint'),
        copy: t('handoff.copy'),
        copied: t('handoff.copied'),
        copyByHand: t('handoff.copyByHand'),
        qrAlt: t('handoff.qr'),
      }}
    />
  );
});
