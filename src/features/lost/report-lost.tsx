import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LostStore } from './lost-store';

/** The one danger button: a confirmation says the SIM stops at once and the number stays. */
export const ReportLost = observer(function ReportLost({ lost }: { lost: LostStore }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const confirmText = useRef<HTMLParagraphElement>(null);
  // The confirmation replaces the button pressed: reading goes on from its text.
  useEffect(() => {
    if (confirming) confirmText.current?.focus();
  }, [confirming]);

  if (!confirming)
    return (
      <button type="button" className="button button-danger button-block" onClick={() => setConfirming(true)}>
        {t('lost.report')}
      </button>
    );
  return (
    <div className="notice lost-confirm" role="group" aria-labelledby="lost-confirm-text">
      <p id="lost-confirm-text" ref={confirmText} tabIndex={-1}>
        {t('lost.confirm')}
      </p>
      <button
        type="button"
        className="button button-danger button-block"
        disabled={lost.busy}
        onClick={() => void lost.report().then(() => setConfirming(false))}
      >
        {lost.busy ? t('lost.reporting') : t('lost.confirmYes')}
      </button>
      <button
        type="button"
        className="button button-outline button-block"
        disabled={lost.busy}
        onClick={() => setConfirming(false)}
      >
        {t('lost.back')}
      </button>
    </div>
  );
});
