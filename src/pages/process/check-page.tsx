import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { useHydrated } from '../../components/hydration';
import { OrderSummary } from '../../components/order-summary';
import { PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/load-failed';
import { RichText } from '../../components/rich-text';
import { Steps } from '../../components/steps';
import { useFormStatus } from '../../components/use-form';
import { PlanRequired } from '../../features/purchase/plan-required';
import { SignatureBox } from '../../features/purchase/signature-box';
import '../../components/form-page.css';
import './process.css';

export default observer(function CheckPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { purchase, content, session, appConfig } = useStores();
  // An eSIM's fee is part of the first payment, as the server prices it.
  const esimFee = purchase.form.delivery === 'esim' ? (appConfig.config?.esim?.fee ?? 0) : 0;
  const terms = content.page('terms');
  // Whatever went wrong is said above the button, the only control besides the signature.
  const status = useFormStatus({ summary: true });
  const [signError, setSignError] = useState('');
  // The server draws the step and its terms for everyone; the summary is of the phone's own
  // draft, so it fills its kept place once hydrated.
  const hydrated = useHydrated();

  useEffect(() => {
    // Drawn by the server, the terms are not asked for again while hydrating (holdDrawnData).
    void terms.load();
    if (purchase.form.delivery === 'pickup') void content.stores.load();
  }, [terms, content, purchase]);

  const onSign = useCallback(
    (image: string) => {
      purchase.setImage(image);
      if (image) setSignError('');
    },
    [purchase],
  );

  const placeOrder = async () => {
    status.setAlert({ text: '', kind: 'error' });
    if (!purchase.image) {
      setSignError(t('api.errors.SIGN_FIRST'));
      return;
    }
    if (!session.isLogin) {
      status.setAlert({ text: t('api.errors.LOGIN_FIRST'), kind: 'error' });
      return;
    }
    const result = await status.submit(() => purchase.placeOrder());
    if (!result) return;
    if (result.ok) {
      navigate('/pages/process/pay', { replace: true });
      return;
    }
    if (result.error === 'SIGN_FIRST') setSignError(t('api.errors.SIGN_FIRST'));
    if (Object.keys(result.fields).some((f) => f !== 'signatureId')) navigate('/pages/process/information');
  };

  const page = terms.data;
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process">
        <Steps current={3} />
        <div className="summary-slot">
          {hydrated && !purchase.setmeal && <PlanRequired />}
          {hydrated && purchase.setmeal && (
            <OrderSummary
              facts={{
                planName: purchase.setmeal.name,
                lineType: purchase.setmeal.lineType,
                price: purchase.setmeal.activityPrice + esimFee,
                esimFee,
                monthlyRent: purchase.setmeal.monthlyRent,
                info: purchase.form,
                storeName: content.stores.data.find((s) => String(s.id) === purchase.form.storeId)?.name,
              }}
            />
          )}
        </div>
        <section className="terms" aria-labelledby="terms-title" aria-busy={!page && terms.status !== 'error'}>
          <h2 id="terms-title">{page?.title ?? t('purchase.termsTitle')}</h2>
          {page ? (
            // Scrolls on its own, so it must be reachable by keyboard too (axe's
            // scrollable-region-focusable asks for it; the jsx-a11y rule does not know scrolling).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            <div className="terms-scroll" tabIndex={0} role="region" aria-labelledby="terms-title">
              <RichText html={page.html} />
            </div>
          ) : terms.status === 'error' ? (
            <LoadFailed text={terms.message} reference={terms.reference} onRetry={() => void terms.load()} />
          ) : (
            <div className="terms-placeholder" />
          )}
        </section>
        <SignatureBox value={purchase.image} onChange={onSign} error={signError} />
        <FormAlert text={status.alert.kind === 'error' ? status.alert.text : ''} kind="error" />
        <button
          type="button"
          className="button button-primary button-block"
          onClick={placeOrder}
          disabled={status.busy}
        >
          {status.busy ? t('account.submitting') : t('purchase.agreeAndOrder')}
        </button>
      </main>
    </>
  );
});
