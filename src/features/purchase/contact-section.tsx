import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RadioGroup } from '../../components/radio-group';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { AddressFields } from './address-fields';
import type { SectionProps } from './identity-section';
import { fieldId } from './field-labels';

interface Props extends SectionProps {
  /** Pickup stores, labelled for the list. */
  storeOptions: { value: string; label: string }[];
}

/** Step 2, where the SIM goes: mailing address, phone, and mail or pickup. */
export const ContactSection = observer(function ContactSection({ purchase, errorOf, set, storeOptions }: Props) {
  const { t } = useTranslation();
  const form = purchase.form;
  return (
    <section className="form-section" aria-labelledby="sec-address">
      <h2 id="sec-address">{t('purchase.addressTitle')}</h2>
      <AddressFields purchase={purchase} errorOf={errorOf} />
      <TextField
        id={fieldId('phone')}
        label={t('purchase.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={form.phone ?? ''}
        onValueChange={set('phone')}
        error={errorOf('phone')}
        hint={t('purchase.phoneHint')}
        required
      />
      <RadioGroup
        legend={t('purchase.delivery')}
        name="delivery"
        value={form.delivery ?? ''}
        onValueChange={set('delivery')}
        error={errorOf('delivery')}
        options={[
          { value: 'mail', label: t('purchase.deliveryMail') },
          { value: 'pickup', label: t('purchase.deliveryPickup') },
        ]}
      />
      {form.delivery === 'pickup' && (
        <>
          <SelectField
            id={fieldId('storeId')}
            label={t('purchase.store')}
            value={form.storeId ?? ''}
            placeholder={t('purchase.choose')}
            options={storeOptions}
            onValueChange={set('storeId')}
            error={errorOf('storeId')}
          />
          <Link to="/choose-location">{t('help.useMyLocation')}</Link>
        </>
      )}
    </section>
  );
});
