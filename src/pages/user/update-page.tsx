import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/lazy-page';
import { lineOf } from '../../app/line-of';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { RadioGroup } from '../../components/radio-group';
import { TextField } from '../../components/text-field';
import { useForm } from '../../components/use-form';
import '../../components/form-page.css';

/** The personal data a customer may change after buying. */
export default observer(function UpdatePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const line = lineOf(useStores());
  const form = useForm({ lastName: '', firstName: '', phone: '', visaType: 'study' });
  const load = () =>
    line.personal.load().then(() => {
      if (line.personal.status !== 'ready') return;
      const info = line.personal.data.info;
      form.setValues({
        lastName: info.lastName ?? '',
        firstName: info.firstName ?? '',
        phone: info.phone ?? '',
        visaType: info.visaType ?? 'study',
      });
    });
  useEffect(() => {
    void load();
    // Load once when the page opens; later edits belong to the customer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [line]);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await form.submit(() => line.savePersonal(form.values));
  };
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page" aria-busy={line.personal.status === 'loading'}>
        {line.personal.status === 'error' && (
          <LoadFailed text={line.personal.message} reference={line.personal.reference} onRetry={() => void load()} />
        )}
        <form className="form" onSubmit={submit} noValidate>
          <div className="field-row">
            <TextField
              label={t('purchase.lastName')}
              autoComplete="family-name"
              value={form.values.lastName}
              onValueChange={form.set('lastName')}
              error={form.errorOf('lastName')}
              required
            />
            <TextField
              label={t('purchase.firstName')}
              autoComplete="given-name"
              value={form.values.firstName}
              onValueChange={form.set('firstName')}
              error={form.errorOf('firstName')}
              required
            />
          </div>
          <TextField
            label={t('purchase.phone')}
            type="tel"
            inputMode="tel"
            value={form.values.phone}
            onValueChange={form.set('phone')}
            error={form.errorOf('phone')}
            required
          />
          <RadioGroup
            legend={t('purchase.visaType')}
            name="visaType"
            value={form.values.visaType}
            onValueChange={form.set('visaType')}
            options={[
              { value: 'study', label: t('purchase.visaStudy') },
              { value: 'non_study', label: t('purchase.visaNonStudy') },
            ]}
          />
          <FormAlert text={form.alert.text} kind={form.alert.kind} />
          <button type="submit" className="button button-primary button-block" disabled={form.busy}>
            {form.busy ? t('account.submitting') : t('account.save')}
          </button>
        </form>
      </main>
    </>
  );
});
