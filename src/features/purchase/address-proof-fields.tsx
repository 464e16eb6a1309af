import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../components/radio-group';
import { TextField } from '../../components/text-field';
import type { DocumentTarget } from '../../lib/document-uploads';
import { UploadField } from './upload-field';
import { fieldId } from './field-labels';

export interface ProofFieldsProps {
  /** The form holding proofType, proofDate and proofDoc: the purchase draft or a change of address. */
  target: DocumentTarget;
  errorOf: (field: string) => string | undefined;
  set: (field: string) => (value: string) => void;
  /** Uploads need an account. */
  disabled?: boolean;
  onPicked?: (field: string) => void;
}

/** A proof of the mailing address, asked for when it differs from the residence card's. */
export const AddressProofFields = observer(function AddressProofFields({
  target,
  errorOf,
  set,
  disabled,
  onPicked,
}: ProofFieldsProps) {
  const { t } = useTranslation();
  const form = target.form;
  return (
    <div className="proof-box">
      <p className="field-hint">{t('purchase.proofHint')}</p>
      <RadioGroup
        legend={t('purchase.proofType')}
        name="proofType"
        value={form.proofType ?? ''}
        onValueChange={set('proofType')}
        error={errorOf('proofType')}
        options={[
          { value: 'utility_bill', label: t('purchase.proofUtility') },
          { value: 'resident_ticket', label: t('purchase.proofResident') },
        ]}
      />
      <TextField
        id={fieldId('proofDate')}
        label={t('purchase.proofDate')}
        type="date"
        value={form.proofDate ?? ''}
        onValueChange={set('proofDate')}
        error={errorOf('proofDate')}
      />
      <UploadField
        target={target}
        field="proofDoc"
        kind="address_proof"
        label={t('purchase.proofDoc')}
        error={errorOf('proofDoc')}
        disabled={disabled}
        onPicked={onPicked}
      />
    </div>
  );
});
