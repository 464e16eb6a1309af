import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../components/radio-group';
import { TextField } from '../../components/text-field';
import type { PurchaseStore } from './purchase-store';
import { fieldId } from './field-labels';

export interface SectionProps {
  purchase: PurchaseStore;
  errorOf: (field: string) => string | undefined;
  set: (field: string) => (value: string) => void;
}

/** Step 2, who is buying: name, e-mail, birthday and visa. */
export const IdentitySection = observer(function IdentitySection({ purchase, errorOf, set }: SectionProps) {
  const { t } = useTranslation();
  const form = purchase.form;
  return (
    <section className="form-section" aria-labelledby="sec-person">
      <h2 id="sec-person">{t('purchase.personTitle')}</h2>
      <div className="field-row">
        <TextField
          id={fieldId('lastName')}
          label={t('purchase.lastName')}
          autoComplete="family-name"
          value={form.lastName ?? ''}
          onValueChange={set('lastName')}
          error={errorOf('lastName')}
          required
        />
        <TextField
          id={fieldId('firstName')}
          label={t('purchase.firstName')}
          autoComplete="given-name"
          value={form.firstName ?? ''}
          onValueChange={set('firstName')}
          error={errorOf('firstName')}
          required
        />
      </div>
      <TextField
        id={fieldId('email')}
        label={t('account.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.email ?? ''}
        onValueChange={set('email')}
        error={errorOf('email')}
        required
      />
      <TextField
        id={fieldId('birthday')}
        label={t('purchase.birthday')}
        type="date"
        autoComplete="bday"
        value={form.birthday ?? ''}
        onValueChange={set('birthday')}
        error={errorOf('birthday')}
        required
      />
      <RadioGroup
        legend={t('purchase.visaType')}
        name="visaType"
        value={form.visaType ?? ''}
        onValueChange={set('visaType')}
        error={errorOf('visaType')}
        options={[
          { value: 'study', label: t('purchase.visaStudy') },
          { value: 'non_study', label: t('purchase.visaNonStudy') },
        ]}
      />
    </section>
  );
});
