import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CardInput } from '../../../contract/card-rules';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { PaymentPhase } from '../../features/payment/payment-phase';
import '../../components/form-page.css';

const INSTALLMENTS = Array.from({ length: 10 }, (_, i) => String(i + 1));

export default observer(function CreditCardPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { payment } = useStores();
  const [card, setCard] = useState<CardInput>({
    number: '',
    expiry: '',
    securityCode: '',
    holder: '',
    installments: '1',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof CardInput, string>>>({});

  useEffect(() => () => payment.reset(), [payment]);
  useEffect(() => {
    if (payment.phase.kind === 'paid')
      navigate(`/pages/public/success?paymentNo=${payment.phase.paymentNo}`, { replace: true });
  }, [payment.phase, navigate]);

  const set = (field: keyof CardInput) => (value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const errorOf = (field: keyof CardInput) => (errors[field] ? t(`card.errors.${errors[field]}`) : undefined);
  const busy = payment.phase.kind === 'working' || (payment.phase.kind === 'querying' && !payment.phase.slow);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = await payment.payByCard(card);
    setErrors(problems ?? {});
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process">
        {!payment.hasTarget && <p className="notice">{t('payment.noOrder')}</p>}
        <form className="form form-section" onSubmit={submit} noValidate autoComplete="on">
          <TextField
            label={t('card.number')}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={19}
            value={card.number}
            onValueChange={set('number')}
            error={errorOf('number')}
            hint={t('card.numberHint')}
            required
          />
          <div className="field-row">
            <TextField
              label={t('card.expiry')}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MMYY"
              maxLength={4}
              value={card.expiry}
              onValueChange={set('expiry')}
              error={errorOf('expiry')}
              hint={t('card.expiryHint')}
              required
            />
            <TextField
              label={t('card.securityCode')}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              value={card.securityCode}
              onValueChange={set('securityCode')}
              error={errorOf('securityCode')}
              required
            />
          </div>
          <TextField
            label={t('card.holder')}
            autoComplete="cc-name"
            maxLength={60}
            value={card.holder}
            onValueChange={(v) => set('holder')(v.toUpperCase())}
            error={errorOf('holder')}
            hint={t('card.holderHint')}
          />
          <SelectField
            label={t('card.installments')}
            value={card.installments}
            options={INSTALLMENTS.map((n) => ({ value: n, label: t('card.times', { count: Number(n) }) }))}
            onValueChange={set('installments')}
            error={errorOf('installments')}
          />
          <PaymentPhase payment={payment} />
          <button type="submit" className="button button-primary button-block" disabled={busy || !payment.hasTarget}>
            {busy ? t('payment.working') : t('card.submit')}
          </button>
          <p className="field-hint">{t('card.privacy')}</p>
        </form>
      </main>
    </>
  );
});
