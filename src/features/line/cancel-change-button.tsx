import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-alert';
import type { LineStore } from './line-store';

/** Cancels the plan change booked for the 25th; wherever the booking is shown, so is this. */
export const CancelChangeButton = observer(function CancelChangeButton({ line }: { line: LineStore }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'error' });
  const cancel = async () => {
    setBusy(true);
    const result = await line.cancelChange();
    setBusy(false);
    setAlert(
      result.ok
        ? { text: result.msg || t('api.changeCancelled'), kind: 'success' }
        : { text: result.msg || t(`api.errors.${result.error}`), kind: 'error' },
    );
  };
  return (
    <>
      {line.pkg.data?.pendingChange && (
        <button type="button" className="button button-outline button-block" onClick={cancel} disabled={busy}>
          {busy ? t('account.submitting') : t('line.cancelPending')}
        </button>
      )}
      <FormAlert text={alert.text} kind={alert.kind} />
    </>
  );
});
