import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { esimSupport } from '../../../contract/esim-devices';
import { formatYen } from '../../lib/format';
import { Link } from 'react-router-dom';
import { RadioGroup } from '../../components/radio-group';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { AddressFields } from './address-fields';
import { EsimCheck } from './esim-check';
import type { SectionProps } from './identity-section';
import { fieldId } from './field-labels';

interface Props extends SectionProps {
  /** Pickup stores, labelled for the list. */
  storeOptions: { value: string; label: string }[];
  /** The eSIM fee with tax (app config), 0 when free. */
  esimFee: number;
}

/**
 * Step 2, where the SIM goes: the address, phone, and mail, pickup or (on plans that offer it)
 * eSIM. An eSIM is not posted, but the law still asks for the address.
 */
export const ContactSection = observer(function ContactSection({
  purchase,
  errorOf,
  set,
  storeOptions,
  esimFee,
}: Props) {
  const { t } = useTranslation();
  const form = purchase.form;
  const esim = form.delivery === 'esim';
  const support = useMemo(() => esimSupport(typeof navigator === 'undefined' ? '' : navigator.userAgent), []);
  const options = [
    { value: 'mail', label: t('purchase.deliveryMail') },
    { value: 'pickup', label: t('purchase.deliveryPickup') },
  ];
  if (purchase.esimOffered || esim)
    options.push({
      value: 'esim',
      label: esimFee > 0 ? t('esim.deliveryWithFee', { fee: formatYen(esimFee) }) : t('purchase.deliveryEsim'),
    });
  return (
    <section className="form-section" aria-labelledby="sec-address">
      <h2 id="sec-address">{t(esim ? 'esim.addressTitle' : 'purchase.addressTitle')}</h2>
      {esim && <p className="field-hint">{t('esim.addressHint')}</p>}
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
        options={options}
      />
      {esim && <EsimCheck purchase={purchase} errorOf={errorOf} set={set} support={support} />}
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
