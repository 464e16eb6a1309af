import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESSEE_MAX } from '../../../contract/receipt-rules';
import { FormAlert } from '../../components/form-alert';
import { LoadFailed } from '../../components/load-failed';
import { TextField } from '../../components/text-field';
import { formatYen } from '../../lib/format';
import type { ReceiptStore } from './receipt-store';
import '../../components/confirm-dialog.css';
import './receipts.css';

/**
 * "领收据 / 領収書" on a paid order's or bill's page: a sheet to set the addressee (optional,
 * once, fixed by the first copy) and open the PDF, with the credit notes of any refund. Shown
 * only when the server says there is a receipt; an unpaid subject shows nothing.
 */
export const ReceiptButton = observer(function ReceiptButton({ store }: { store: ReceiptStore }) {
  const { t } = useTranslation();
  const no = store.no;
  const [open, setOpen] = useState(false);
  const [addressee, setAddressee] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [alert, setAlert] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);

  const { summary } = store;
  if (summary.status === 'error') {
    // The server said no (not found, refused): there is no receipt to offer, and the page's own
    // content matters more than a second alert. A network failure gets its retry.
    const answered = summary.failure?.status === 200 || summary.failure?.status === 404;
    return answered ? null : <LoadFailed text={t('receipts.page.loadFailed')} onRetry={() => void store.load()} />;
  }
  const receipt = summary.data.receipt;
  if (!receipt) return null;

  const download = async (creditNoteNo?: string) => {
    setFieldError('');
    setAlert('');
    const result = await store.open(addressee, creditNoteNo);
    if (result.ok) return;
    const field = result.fields.addressee;
    if (field) setFieldError(t(`api.errors.${field}`));
    else setAlert(result.msg || t(`api.errors.${result.error}`));
  };

  return (
    <>
      <button type="button" className="button button-outline button-block" onClick={() => setOpen(true)}>
        {t('receipts.page.button')}
      </button>
      <dialog
        ref={dialog}
        className="confirm-dialog receipt-sheet"
        aria-labelledby={`receipt-${no}-title`}
        onClose={() => setOpen(false)}
      >
        <h2 id={`receipt-${no}-title`}>{t('receipts.page.title')}</h2>
        <p>{t('receipts.page.number', { receiptNo: receipt.receiptNo })}</p>
        <p>{t('price.yen', { amount: formatYen(receipt.total) })}</p>
        {receipt.addresseeFixed ? (
          <p>
            {receipt.addressee
              ? t('receipts.page.addresseeFixed', { addressee: receipt.addressee })
              : t('receipts.page.addresseeBlank')}
          </p>
        ) : (
          <TextField
            label={t('receipts.page.addressee')}
            value={addressee}
            onValueChange={setAddressee}
            placeholder={t('receipts.page.addresseePlaceholder')}
            hint={t('receipts.page.addresseeHint')}
            error={fieldError}
            maxLength={ADDRESSEE_MAX}
            autoComplete="organization"
          />
        )}
        {receipt.downloads > 0 && (
          <p className="field-hint">{t('receipts.page.reissueHint', { count: receipt.downloads })}</p>
        )}
        <FormAlert text={alert} kind="error" />
        <div className="confirm-actions">
          <button type="button" className="button button-outline" onClick={() => setOpen(false)}>
            {t('receipts.page.close')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={store.busy}
            aria-busy={store.busy}
            onClick={() => void download()}
          >
            {store.busy ? t('receipts.page.downloading') : t('receipts.page.download')}
          </button>
        </div>
        {receipt.creditNotes.length > 0 && (
          <section className="receipt-credit-notes" aria-label={t('receipts.page.creditNotes')}>
            <h3>{t('receipts.page.creditNotes')}</h3>
            <ul>
              {receipt.creditNotes.map((note) => (
                <li key={note.creditNoteNo}>
                  <button
                    type="button"
                    className="button button-outline"
                    disabled={store.busy}
                    onClick={() => void download(note.creditNoteNo)}
                  >
                    {t('receipts.page.creditNote', {
                      no: note.creditNoteNo,
                      amount: t('price.yen', { amount: formatYen(note.amount) }),
                    })}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </dialog>
    </>
  );
});
