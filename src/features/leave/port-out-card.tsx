import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { CopyField } from '../../components/copy-field';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import type { LeaveStore } from './leave-store';

/**
 * Taking the number along (voice lines): ask, wait for staff, then the 10-digit reservation
 * number with a copy button and its last valid day.
 */
export const PortOutCard = observer(function PortOutCard({ leave }: { leave: LeaveStore }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const view = leave.port.data;
  if (!view) {
    if (leave.port.status === 'error')
      return (
        <LoadFailed text={leave.port.message} reference={leave.port.reference} onRetry={() => void leave.port.load()} />
      );
    return null;
  }
  const port = view.portOut;
  const open = port && (port.status === 'requested' || port.status === 'issued');
  return (
    <section className="card" aria-labelledby="port-title" data-testid="port-out">
      <h2 id="port-title">{t('leave.port.title')}</h2>
      <p>{t('leave.port.intro')}</p>
      {!view.voice ? (
        <p className="notice">{t('leave.port.voiceOnly')}</p>
      ) : (
        <>
          {port?.status === 'requested' && (
            <p role="status" data-testid="port-waiting">
              {t('leave.port.waiting')}
            </p>
          )}
          {port?.status === 'issued' && port.reservationNo && (
            <dl className="facts-list">
              <CopyField
                label={t('leave.port.number')}
                value={port.reservationNo}
                words="leave.port"
                testId="port-number"
              />
              {port.validUntil && <p>{t('leave.port.validUntil', { date: port.validUntil })}</p>}
            </dl>
          )}
          {port && !open && <p role="status">{t(`leave.port.status.${port.status}`)}</p>}
          {open ? (
            <button
              type="button"
              className="button button-outline button-block"
              disabled={leave.busy}
              onClick={() => void leave.cancelPortOut()}
            >
              {t('leave.port.cancel')}
            </button>
          ) : port?.status !== 'completed' && confirming ? (
            <div className="notice" role="group" aria-labelledby="port-confirm">
              <p id="port-confirm">{t('leave.port.askConfirm')}</p>
              <button
                type="button"
                className="button button-primary button-block"
                disabled={leave.busy}
                onClick={() => void leave.askPortOut().then(() => setConfirming(false))}
              >
                {leave.busy ? t('account.submitting') : t('leave.port.askYes')}
              </button>
              <button type="button" className="button button-outline button-block" onClick={() => setConfirming(false)}>
                {t('leave.back')}
              </button>
            </div>
          ) : (
            port?.status !== 'completed' && (
              <button type="button" className="button button-outline button-block" onClick={() => setConfirming(true)}>
                {t('leave.port.ask')}
              </button>
            )
          )}
        </>
      )}
    </section>
  );
});
