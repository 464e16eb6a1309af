import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-alert';
import type { LineStore } from './line-store';
import '../../components/confirm-dialog.css';

/**
 * Cancels the plan change booked for the 25th; wherever the booking is shown, so is this.
 * Asked first in a modal dialog naming the plan and date that are undone (a tap by mistake
 * would silently drop a booking), and said afterwards, naming the plan again.
 */
export const CancelChangeButton = observer(function CancelChangeButton({ line }: { line: LineStore }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [alert, setAlert] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'error' });
  const dialog = useRef<HTMLDialogElement>(null);
  const pending = line.pkg.data?.pendingChange ?? null;
  useEffect(() => {
    const d = dialog.current;
    // showModal: focus moves in (to "keep", the first button), the page behind is inert, and Escape closes it.
    if (asking && d && !d.open) d.showModal();
    if (!asking && d?.open) d.close();
  }, [asking]);

  const cancel = async () => {
    const plan = pending?.planName ?? '';
    setAsking(false);
    setBusy(true);
    const result = await line.cancelChange();
    setBusy(false);
    setAlert(
      result.ok
        ? { text: t('line.changeCancelledNamed', { plan }), kind: 'success' }
        : { text: result.msg || t(`api.errors.${result.error}`), kind: 'error' },
    );
  };
  return (
    <>
      {pending && (
        <button
          type="button"
          className="button button-outline button-block"
          onClick={() => setAsking(true)}
          disabled={busy}
        >
          {busy ? t('account.submitting') : t('line.cancelPending')}
        </button>
      )}
      {pending && (
        <dialog
          ref={dialog}
          className="confirm-dialog"
          aria-labelledby="cancel-change-title"
          aria-describedby="cancel-change-body"
          onClose={() => setAsking(false)}
        >
          <h2 id="cancel-change-title">{t('line.cancelConfirmTitle')}</h2>
          <p id="cancel-change-body">
            {t('line.cancelConfirmBody', { plan: pending.planName, date: pending.effectiveDate })}
          </p>
          <div className="confirm-actions">
            <button type="button" className="button button-outline" onClick={() => setAsking(false)}>
              {t('line.cancelConfirmNo')}
            </button>
            <button type="button" className="button button-primary" onClick={() => void cancel()}>
              {t('line.cancelConfirmYes')}
            </button>
          </div>
        </dialog>
      )}
      <FormAlert text={alert.text} kind={alert.kind} />
    </>
  );
});
