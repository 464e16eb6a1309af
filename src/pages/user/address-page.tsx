import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { addressOf } from '../../app/address-of';
import type { PageProps } from '../../app/lazy-page';
import { lineOf } from '../../app/line-of';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/load-failed';
import { useFormStatus } from '../../components/use-form';
import { AddressFields } from '../../features/purchase/address-fields';
import { AddressProofFields } from '../../features/purchase/address-proof-fields';
import '../../components/form-page.css';

/** A new mailing address; one that is not the residence card's needs a proof. */
export default observer(function AddressPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const stores = useStores();
  const line = lineOf(stores);
  const change = addressOf(stores);
  // The proof's refusal is also said above the button: its box may be below the fold.
  const status = useFormStatus({ summary: true });

  useEffect(() => {
    void change.start();
  }, [change]);

  const set = (field: string) => (value: string) => {
    change.updateForm({ [field]: value });
    status.clearError(field);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await status.submit(() => change.save());
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process" aria-busy={line.personal.status === 'loading'}>
        {line.personal.status === 'error' && (
          <LoadFailed
            text={line.personal.message}
            reference={line.personal.reference}
            onRetry={() => void change.start()}
          />
        )}
        <form className="form form-section" onSubmit={submit} noValidate>
          <AddressFields purchase={change} errorOf={status.errorOf} />
          {change.needsProof && (
            <AddressProofFields target={change} errorOf={status.errorOf} set={set} onPicked={status.clearError} />
          )}
          <FormAlert text={status.alert.text} kind={status.alert.kind} />
          <button type="submit" className="button button-primary button-block" disabled={status.busy}>
            {status.busy ? t('account.submitting') : t('account.save')}
          </button>
        </form>
      </main>
    </>
  );
});
