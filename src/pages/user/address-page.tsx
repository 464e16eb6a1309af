import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_BYTES } from '../../../contract/limits';
import { uploadDocument } from '../../api/purchase';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { RadioGroup } from '../../components/radio-group';
import { TextField } from '../../components/text-field';
import { AddressFields } from '../../features/purchase/address-fields';
import '../process/process.css';

const ADDRESS = ['region', 'postcode', 'province', 'city', 'district', 'block', 'building'];

export default observer(function AddressPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { line, http } = useStores();
  const [form, setForm] = useState<Record<string, string>>({ region: 'JP' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'error' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void line.personal.load().then(() => {
      const info = line.personal.data.info;
      setForm(Object.fromEntries(ADDRESS.map((f) => [f, info[f] ?? (f === 'region' ? 'JP' : '')])));
    });
  }, [line]);

  const card = line.personal.data.cardAddress;
  const differs = ADDRESS.some((f) => (form[f] ?? '') !== (card[f] ?? '')) && Object.keys(card).length > 0;
  const source = { form, updateForm: (next: Record<string, string>) => setForm((f) => ({ ...f, ...next })) };
  const errorOf = (field: string) => (fields[field] ? t(`api.errors.${fields[field]}`) : undefined);

  const uploadProof = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setFields((f) => ({ ...f, proofDoc: 'FILE_TOO_LARGE' }));
      return;
    }
    setBusy(true);
    const res = await uploadDocument(http, 'address_proof', file, file.name).catch(() => null);
    setBusy(false);
    if (res && res.code === 1) source.updateForm({ proofDoc: res.data.id, proofName: file.name });
    else setFields((f) => ({ ...f, proofDoc: 'FILE_TYPE' }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await line.saveAddress(form);
    setBusy(false);
    setFields(result.ok ? {} : result.fields);
    setAlert(result.ok ? { text: result.msg, kind: 'success' } : { text: result.msg || t(`api.errors.${result.error}`), kind: 'error' });
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process" aria-busy={line.personal.status === 'loading'}>
        <form className="form form-section" onSubmit={submit} noValidate>
          <AddressFields purchase={source} errorOf={errorOf} />
          {differs && (
            <div className="proof-box">
              <p className="field-hint">{t('purchase.proofHint')}</p>
              <RadioGroup
                legend={t('purchase.proofType')}
                name="proofType"
                value={form.proofType ?? ''}
                onValueChange={(v) => source.updateForm({ proofType: v })}
                options={[
                  { value: 'utility_bill', label: t('purchase.proofUtility') },
                  { value: 'resident_ticket', label: t('purchase.proofResident') },
                ]}
              />
              <TextField label={t('purchase.proofDate')} type="date" value={form.proofDate ?? ''} onValueChange={(v) => source.updateForm({ proofDate: v })} error={errorOf('proofDate')} />
              <div className="field">
                <label htmlFor="proof-file">{t('purchase.proofDoc')}</label>
                <input id="proof-file" type="file" accept="image/jpeg,image/png,application/pdf" onChange={(e) => void uploadProof(e.target.files?.[0])} />
                {form.proofName && <p className="field-hint">{t('purchase.uploaded', { name: form.proofName })}</p>}
                {errorOf('proofDoc') && <p className="field-error">{errorOf('proofDoc')}</p>}
              </div>
            </div>
          )}
          <FormAlert text={alert.text} kind={alert.kind} />
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? t('account.submitting') : t('account.save')}
          </button>
        </form>
      </main>
    </>
  );
});
