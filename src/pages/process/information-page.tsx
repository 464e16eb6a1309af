import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { RadioGroup } from '../../components/radio-group';
import { SelectField } from '../../components/select-field';
import { Steps } from '../../components/steps';
import { TextField } from '../../components/text-field';
import { AddressFields } from '../../features/purchase/address-fields';
import { UploadField } from '../../features/purchase/upload-field';
import './process.css';

/** Uploading needs an account: log in, or continue at once with the e-mail given above. */
const UploadGate = observer(function UploadGate({ email }: { email: string }) {
  const { t } = useTranslation();
  const { account } = useStores();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const continueWithEmail = async () => {
    setBusy(true);
    const result = await account.fastRegister(email);
    setBusy(false);
    if (!result.ok) setMessage(result.msg || t(`api.errors.${result.error}`));
  };
  return (
    <div className="notice" role="region" aria-label={t('purchase.gateTitle')}>
      <p>{t('purchase.gateText')}</p>
      <div className="notice-actions">
        <Link className="button button-outline button-small" to={`/pages/public/login?redirect=${encodeURIComponent(location.pathname)}`}>
          {t('purchase.gateLogin')}
        </Link>
        <button type="button" className="button button-primary button-small" onClick={continueWithEmail} disabled={busy}>
          {t('purchase.gateContinue')}
        </button>
      </div>
      <FormAlert text={message} kind="error" />
    </div>
  );
});

export default observer(function InformationPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { purchase, session, content, http, ui } = useStores();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const form = purchase.form;
  const resubmitting = purchase.resubmitOrderNo !== '';

  useEffect(() => {
    if (content.stores.status === 'idle') void content.stores.load();
  }, [content]);
  useEffect(() => {
    // A signed-in customer's e-mail is the natural default; they may still change it.
    if (!purchase.form.email && session.userinfo?.email) purchase.updateForm({ email: session.userinfo.email });
  }, [purchase, session.userinfo]);

  const errorOf = (field: string) => (fields[field] ? t(`api.errors.${fields[field]}`) : undefined);
  const set = (field: string) => (value: string) => {
    purchase.updateForm({ [field]: value });
    if (fields[field]) setFields(({ [field]: _gone, ...rest }) => rest);
  };
  const onUploadError = (field: string, key: string) =>
    setFields(({ [field]: _gone, ...rest }) => (key ? { ...rest, [field]: key } : rest));

  const next = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setAlert('');
    const result = resubmitting ? await purchase.resubmit() : await purchase.checkInformation();
    setBusy(false);
    if (!result.ok) {
      setFields(result.fields);
      setAlert(result.msg || t(`api.errors.${result.error}`));
      // Take the customer to the first thing to fix.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"], .field-invalid input')?.focus());
      return;
    }
    if (resubmitting) {
      ui.showToast(t('api.resubmitted'));
      navigate('/pages/process/pay', { replace: true });
    } else {
      navigate('/pages/process/check');
    }
  };

  const storeOptions = content.stores.data.map((s) => ({ value: String(s.id), label: `${s.name}（${s.address}）` }));

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process">
        {!resubmitting && <Steps current={2} />}
        {!resubmitting && !purchase.setmeal && (
          <div className="notice" role="alert">
            <p>{t('api.errors.SETMEAL_REQUIRED')}</p>
            <Link className="button button-outline button-small" to="/pages/process/setmeal">
              {t('routes.processSetmeal')}
            </Link>
          </div>
        )}
        <form className="form" onSubmit={next} noValidate>
          <section className="form-section" aria-labelledby="sec-person">
            <h2 id="sec-person">{t('purchase.personTitle')}</h2>
            <div className="field-row">
              <TextField label={t('purchase.lastName')} autoComplete="family-name" value={form.lastName ?? ''} onValueChange={set('lastName')} error={errorOf('lastName')} required />
              <TextField label={t('purchase.firstName')} autoComplete="given-name" value={form.firstName ?? ''} onValueChange={set('firstName')} error={errorOf('firstName')} required />
            </div>
            <TextField label={t('account.email')} type="email" autoComplete="email" inputMode="email" value={form.email ?? ''} onValueChange={set('email')} error={errorOf('email')} required />
            <TextField label={t('purchase.birthday')} type="date" autoComplete="bday" value={form.birthday ?? ''} onValueChange={set('birthday')} error={errorOf('birthday')} required />
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

          <section className="form-section" aria-labelledby="sec-address">
            <h2 id="sec-address">{t('purchase.addressTitle')}</h2>
            <AddressFields purchase={purchase} errorOf={errorOf} />
            <TextField label={t('purchase.phone')} type="tel" autoComplete="tel" inputMode="tel" value={form.phone ?? ''} onValueChange={set('phone')} error={errorOf('phone')} hint={t('purchase.phoneHint')} required />
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
                <SelectField label={t('purchase.store')} value={form.storeId ?? ''} placeholder={t('purchase.choose')} options={storeOptions} onValueChange={set('storeId')} error={errorOf('storeId')} />
                <Link to="/choose-location">{t('help.useMyLocation')}</Link>
              </>
            )}
          </section>

          <section className="form-section" aria-labelledby="sec-docs">
            <h2 id="sec-docs">{t('purchase.documentsTitle')}</h2>
            <p className="field-hint">{t('purchase.documentsHint')}</p>
            {!session.isLogin && <UploadGate email={form.email ?? ''} />}
            <UploadField purchase={purchase} http={http} field="residenceFront" kind="residence_front" label={t('purchase.residenceFront')} error={errorOf('residenceFront')} disabled={!session.isLogin} onError={onUploadError} />
            <UploadField purchase={purchase} http={http} field="residenceBack" kind="residence_back" label={t('purchase.residenceBack')} error={errorOf('residenceBack')} disabled={!session.isLogin} onError={onUploadError} />
            <RadioGroup
              legend={t('purchase.identityKind')}
              name="identityKind"
              value={form.identityKind ?? ''}
              onValueChange={(v) => purchase.updateForm({ identityKind: v, identityDoc: '' })}
              options={[
                { value: 'passport', label: t('purchase.passport') },
                { value: 'admission_permit', label: t('purchase.admissionPermit') },
              ]}
            />
            <UploadField
              purchase={purchase}
              http={http}
              field="identityDoc"
              kind={form.identityKind === 'admission_permit' ? 'admission_permit' : 'passport'}
              label={form.identityKind === 'admission_permit' ? t('purchase.admissionPermit') : t('purchase.passportPage')}
              error={errorOf('identityDoc')}
              disabled={!session.isLogin}
              onError={onUploadError}
            />
            <RadioGroup
              legend={t('purchase.addressSame')}
              name="addressSame"
              value={form.addressSame ?? ''}
              onValueChange={set('addressSame')}
              options={[
                { value: 'yes', label: t('purchase.addressSameYes') },
                { value: 'no', label: t('purchase.addressSameNo') },
              ]}
            />
            {form.addressSame === 'no' && (
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
                <TextField label={t('purchase.proofDate')} type="date" value={form.proofDate ?? ''} onValueChange={set('proofDate')} error={errorOf('proofDate')} />
                <UploadField purchase={purchase} http={http} field="proofDoc" kind="address_proof" label={t('purchase.proofDoc')} error={errorOf('proofDoc')} disabled={!session.isLogin} onError={onUploadError} />
              </div>
            )}
          </section>

          <FormAlert text={alert} kind="error" />
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy ? t('account.submitting') : resubmitting ? t('purchase.resubmit') : t('purchase.next')}
          </button>
        </form>
      </main>
    </>
  );
});
