import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REISSUE_REASONS, type ReissueReason } from '../../../contract/esim-rules';
import type { StaffEsim } from '../../../contract/esim-views';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormError } from '../components/errors';
import { SelectField } from '../components/fields';
import { useAdmin } from '../stores/store-context';

/** A reissue still under way: one at a time, the server refuses a second (REISSUE_OPEN). */
export const openReissue = (esim: StaffEsim) =>
  esim.reissues.find((reissue) => reissue.status !== 'done' && reissue.status !== 'cancelled') ?? null;

/** Once sent: says so, and takes the keyboard focus the button had. */
function Sent() {
  const { t } = useTranslation();
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <p ref={box} className="notice" role="status" tabIndex={-1}>
      {t('admin.esim.reissue.done')}
    </p>
  );
}

/**
 * Staff's reissue of an eSIM (a new phone, a deleted profile): free, audited. The current profile
 * is released at the carrier and can never be installed again, so the order, the ICCID and the
 * reason are asked once more in a dialog before anything is sent.
 */
export const EsimReissueForm = observer(function EsimReissueForm({ esim }: { esim: StaffEsim }) {
  const { t } = useTranslation();
  const { orders } = useAdmin();
  const action = orders.esimReissue;
  const [reason, setReason] = useState<ReissueReason | ''>('');
  const [confirming, setConfirming] = useState(false);
  const open = openReissue(esim);
  if (action.done) return <Sent />;
  const current = esim.current;
  if (!current) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      action.refuse('REQUIRED', t('api.errors.REQUIRED'), { reason: 'REQUIRED' });
      return;
    }
    action.clear();
    setConfirming(true);
  };
  const confirm = () => {
    setConfirming(false);
    if (reason) void action.run(reason);
  };

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="esim-reissue-heading">
      <h2 id="esim-reissue-heading">{t('admin.esim.reissue.title')}</h2>
      <p className="muted">{t('admin.esim.reissue.intro')}</p>
      {open ? (
        <p className="muted" role="status">
          {t('admin.esim.reissue.open', { status: t(`admin.esim.reissueStatuses.${open.status}`) })}
        </p>
      ) : (
        <>
          <FormError error={action.error} fields={['reason']} />
          <SelectField
            label={t('admin.esim.reissue.reason')}
            name="reason"
            value={reason}
            onChange={(value) => setReason(value as ReissueReason | '')}
            options={[
              { value: '', label: t('admin.esim.reissue.choose') },
              ...REISSUE_REASONS.map((value) => ({ value, label: t(`admin.esim.reasons.${value}`) })),
            ]}
            error={action.error}
          />
          <button type="submit" className="button button-danger" disabled={action.running} aria-busy={action.running}>
            {t(action.running ? 'admin.esim.reissue.sending' : 'admin.esim.reissue.submit')}
          </button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('admin.esim.reissue.confirmTitle')}
        confirmLabel={t('admin.esim.reissue.confirm')}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        tone="danger"
      >
        <p>
          {t('admin.esim.reissue.confirmText', {
            no: orders.orderNo,
            iccid: current.iccid,
            reason: reason ? t(`admin.esim.reasons.${reason}`) : '',
          })}
        </p>
      </ConfirmDialog>
    </form>
  );
});
