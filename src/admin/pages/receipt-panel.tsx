import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../components/errors';
import { LoadView } from '../components/load-view';
import { yen } from '../format';
import { ReceiptAdminStore } from '../stores/receipt-store';
import { useAdmin } from '../stores/store-context';

/** The receipt of a paid order or bill on its payment's page: open it, or mail it to the customer. */
export const ReceiptPanel = observer(function ReceiptPanel({ kind, no }: { kind: 'order' | 'bill'; no: string }) {
  const { t } = useTranslation();
  const { client } = useAdmin();
  const store = useMemo(() => new ReceiptAdminStore(client, { kind, no }), [client, kind, no]);
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <section className="panel" aria-labelledby="receipt-panel-heading">
      <h2 id="receipt-panel-heading">{t('admin.receipts.title')}</h2>
      <LoadView loadable={store.summary}>
        {({ receipt }) =>
          receipt ? (
            <>
              <p>
                {t('admin.receipts.number', { no: receipt.receiptNo, total: yen(receipt.total) })}
                {receipt.addressee ? ` · ${receipt.addressee}` : ''}
                {` · ${t('admin.receipts.downloads', { count: receipt.downloads })}`}
              </p>
              <p>
                <a href={store.pdfUrl()} target="_blank" rel="noopener">
                  {t('admin.receipts.open')}
                </a>
              </p>
              {receipt.creditNotes.map((note) => (
                <p key={note.creditNoteNo}>
                  <a href={store.pdfUrl(note.creditNoteNo)} target="_blank" rel="noopener">
                    {t('admin.receipts.creditNote', { no: note.creditNoteNo, amount: yen(note.amount) })}
                  </a>
                </p>
              ))}
              <button
                type="button"
                className="button"
                disabled={store.resend.running}
                onClick={() => void store.resend.run()}
              >
                {t('admin.receipts.resend')}
              </button>
              <p role="status">{store.resend.done ? t('admin.receipts.resent') : null}</p>
              <FormError error={store.resend.error} fields={[]} />
            </>
          ) : (
            <p className="empty">{t('admin.none')}</p>
          )
        }
      </LoadView>
    </section>
  );
});
