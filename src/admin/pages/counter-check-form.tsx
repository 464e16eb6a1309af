import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifiedDocument } from '../../../contract/identity-rules';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormError, fieldText } from '../components/errors';
import { SelectField, TextField } from '../components/fields';
import { counterCheckBody, counterCheckProblems, VERIFIED_DOCUMENT_LIST } from '../identity';
import { useAdmin } from '../stores/store-context';

const FIELDS = ['documentType', 'documentLast4'];

/** Once recorded: says so, and takes the keyboard focus the form had (the form is gone). */
function Recorded() {
  const { t } = useTranslation();
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <p ref={box} className="notice" role="status" tabIndex={-1}>
      {t('admin.identity.counter.done')}
    </p>
  );
}

/**
 * A pickup order checked at the store: staff read the ID card's IC chip face to face and record
 * the document and the last 4 of its number (counterCheckSchema's rule, checked here first).
 * Asked once more in a dialog; the SIM is handed over and the line activated only afterwards.
 */
export const CounterCheckForm = observer(function CounterCheckForm({ wanted }: { wanted: boolean }) {
  const { t } = useTranslation();
  const { orders } = useAdmin();
  const action = orders.counterCheck;
  const [documentType, setDocumentType] = useState<VerifiedDocument | ''>('');
  const [last4, setLast4] = useState('');
  const [confirming, setConfirming] = useState(false);
  if (action.done && !wanted) return <Recorded />;
  if (!wanted) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = counterCheckProblems({ documentType, documentLast4: last4 });
    const first = Object.values(problems)[0];
    if (first) {
      action.refuse(first, fieldText(t, first), problems);
      return;
    }
    setConfirming(true);
  };
  const confirm = () => {
    setConfirming(false);
    if (documentType) void action.run(counterCheckBody(documentType, last4));
  };
  const documentName = documentType ? t(`admin.identity.documents.${documentType}`) : '';

  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="counter-check-heading">
      <h2 id="counter-check-heading">{t('admin.identity.counter.title')}</h2>
      <p className="muted">{t('admin.identity.counter.intro')}</p>
      <FormError error={action.error} fields={FIELDS} />
      <SelectField
        label={t('admin.identity.counter.documentType')}
        name="documentType"
        value={documentType}
        onChange={(value) => setDocumentType(value as VerifiedDocument | '')}
        options={[
          { value: '', label: t('admin.identity.counter.choose') },
          ...VERIFIED_DOCUMENT_LIST.map((value) => ({ value, label: t(`admin.identity.documents.${value}`) })),
        ]}
        error={action.error}
      />
      <TextField
        label={t('admin.identity.counter.documentLast4')}
        name="documentLast4"
        value={last4}
        onChange={setLast4}
        hint={t('admin.identity.counter.documentLast4Hint')}
        error={action.error}
        autoComplete="off"
        required
      />
      <button type="submit" className="button button-primary" disabled={action.running} aria-busy={action.running}>
        {t(action.running ? 'admin.identity.counter.sending' : 'admin.identity.counter.submit')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('admin.identity.counter.confirmTitle')}
        confirmLabel={t('admin.identity.counter.confirm')}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {t('admin.identity.counter.confirmText', {
            no: orders.orderNo,
            document: documentName,
            last4: last4.trim(),
          })}
        </p>
      </ConfirmDialog>
    </form>
  );
});
