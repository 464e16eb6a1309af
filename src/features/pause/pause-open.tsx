import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PauseInfo } from '../../../contract/pause-views';
import type { PauseStore } from './pause-store';

/** A booked pause (its dates and a cancel) or a running one ("resume now"), each confirmed first. */
export const PauseOpen = observer(function PauseOpen({ pause, open }: { pause: PauseStore; open: PauseInfo }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const confirmText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) confirmText.current?.focus();
  }, [confirming]);
  const booked = open.status === 'booked';
  const act = () => void (booked ? pause.cancel() : pause.resume()).then(() => setConfirming(false));

  return (
    <div data-testid="pause-open">
      <p role="status">
        {t(booked ? 'pause.booked' : 'pause.running', { start: open.startOn, resume: open.resumeOn })}
      </p>
      {confirming ? (
        <div className="notice" role="group" aria-labelledby="pause-open-confirm">
          <p id="pause-open-confirm" ref={confirmText} tabIndex={-1}>
            {t(booked ? 'pause.cancelConfirm' : 'pause.resumeConfirm')}
          </p>
          <button type="button" className="button button-primary button-block" disabled={pause.busy} onClick={act}>
            {pause.busy ? t('account.submitting') : t(booked ? 'pause.cancelYes' : 'pause.resumeYes')}
          </button>
          <button type="button" className="button button-outline button-block" onClick={() => setConfirming(false)}>
            {t('pause.back')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button-outline button-block"
          onClick={() => {
            pause.clearFailure();
            setConfirming(true);
          }}
        >
          {t(booked ? 'pause.cancel' : 'pause.resumeNow')}
        </button>
      )}
    </div>
  );
});
