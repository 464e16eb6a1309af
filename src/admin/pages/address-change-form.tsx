import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressChangeBody, AdminCustomer } from '../../../contract/admin-api';
import { FormError } from '../components/errors';
import { SelectField, TextField } from '../components/fields';
import { formatTime } from '../format';
import { useAdmin } from '../stores/store-context';

const TEXT_FIELDS = ['postcode', 'province', 'city', 'district', 'block', 'building'] as const;
const ALL_FIELDS = ['region', ...TEXT_FIELDS, 'proofType', 'proofDate', 'proofDocumentId'];

/** A new address, with the address proof the customer uploaded (judged by the customer's own rules). */
export const AddressForm = observer(function AddressForm({ proofs }: { proofs: AdminCustomer['addressProofs'] }) {
  const { t } = useTranslation();
  const { customers, language } = useAdmin();
  const [form, setForm] = useState<AddressChangeBody>({
    region: 'JP',
    postcode: '',
    province: '',
    city: '',
    district: '',
    block: '',
    building: '',
    proofType: 'utility_bill',
    proofDate: '',
    proofDocumentId: proofs[0]?.id ?? '',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void customers.address.run(form);
  };
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="address-heading">
      <h2 id="address-heading">{t('admin.customer.addressTitle')}</h2>
      <p className="muted">{t('admin.customer.addressIntro')}</p>
      <FormError error={customers.address.error} fields={ALL_FIELDS} />
      <div className="grid-2">
        <SelectField
          label={t('admin.address.region')}
          name="region"
          value={form.region}
          onChange={(value) => setForm({ ...form, region: value === 'CN' ? 'CN' : 'JP' })}
          options={[
            { value: 'JP', label: t('admin.address.regions.JP') },
            { value: 'CN', label: t('admin.address.regions.CN') },
          ]}
          error={customers.address.error}
        />
        {TEXT_FIELDS.map((key) => (
          <TextField
            key={key}
            label={t(`admin.address.${key}`)}
            name={key}
            value={form[key]}
            onChange={(value) => setForm({ ...form, [key]: value })}
            error={customers.address.error}
            required={key !== 'building'}
          />
        ))}
        <SelectField
          label={t('admin.address.proofType')}
          name="proofType"
          value={form.proofType}
          onChange={(value) =>
            setForm({ ...form, proofType: value === 'resident_ticket' ? 'resident_ticket' : 'utility_bill' })
          }
          options={[
            { value: 'utility_bill', label: t('admin.address.proofTypes.utility_bill') },
            { value: 'resident_ticket', label: t('admin.address.proofTypes.resident_ticket') },
          ]}
          error={customers.address.error}
        />
        <TextField
          label={t('admin.address.proofDate')}
          name="proofDate"
          type="date"
          value={form.proofDate}
          onChange={(proofDate) => setForm({ ...form, proofDate })}
          hint={t('admin.address.proofDateHint')}
          error={customers.address.error}
          required
        />
        <SelectField
          label={t('admin.address.proofDocumentId')}
          name="proofDocumentId"
          value={form.proofDocumentId}
          onChange={(proofDocumentId) => setForm({ ...form, proofDocumentId })}
          options={[
            { value: '', label: proofs.length ? t('admin.address.chooseProof') : t('admin.address.noProof') },
            ...proofs.map((proof) => ({
              value: proof.id,
              label: t('admin.address.proofUploaded', { at: formatTime(proof.uploadedAt, language.lang) }),
            })),
          ]}
          error={customers.address.error}
        />
      </div>
      {customers.address.done ? (
        <p className="notice" role="status">
          {t('admin.customer.addressSaved')}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={customers.address.running}>
        {t('admin.customer.addressSubmit')}
      </button>
    </form>
  );
});
