import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { withTax } from '../../../contract/pricing';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { ErrorSummary } from '../../components/error-summary';
import { useDrawnInParts } from '../../components/drawn-in-parts';
import { useHydrated } from '../../components/hydration';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { Steps } from '../../components/steps';
import { useFormStatus } from '../../components/use-form';
import { ContactSection } from '../../features/purchase/contact-section';
import { DocumentsSection } from '../../features/purchase/documents-section';
import { fieldLabel, inScreenOrder } from '../../features/purchase/field-labels';
import { IdentityMethodsNotice } from '../../features/purchase/identity-methods-notice';
import { IdentitySection } from '../../features/purchase/identity-section';
import { PlanRequired } from '../../features/purchase/plan-required';
import { UploadGate } from '../../features/purchase/upload-gate';
import '../../components/form-page.css';
import './process.css';

/** The form's parts, drawn a task apart: who buys, where the SIM goes, then the documents and the button. */
const FORM_PARTS = 3;

/** Step 2 (or correcting a rejected order): the draft lives in the purchase store. */
export default observer(function InformationPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { purchase, session, content, account, ui, appConfig } = useStores();
  // A long form: a refusal is summed up above the button as well as at its field.
  const status = useFormStatus({ summary: true });
  const resubmitting = purchase.resubmitOrderNo !== '';
  // The server draws the step's frame for everyone; the form is the phone's own draft (its
  // plan decides which sections there are), so it is drawn once hydrated, below the lead.
  const hydrated = useHydrated();

  useEffect(() => {
    if (content.stores.status === 'idle') void content.stores.load();
    // The chosen plan's line type decides whether photos are asked for: the server's current word.
    if (content.plans.status === 'idle') void content.plans.load();
  }, [content]);
  const plansReady = content.plans.status === 'ready';
  useEffect(() => {
    if (plansReady) purchase.refreshSetmeal(content.plans.data);
  }, [plansReady, purchase, content]);
  useEffect(() => {
    // A signed-in customer's e-mail is the natural default; they may still change it.
    if (!purchase.form.email && session.userinfo?.email) purchase.updateForm({ email: session.userinfo.email });
  }, [purchase, session.userinfo]);

  // A returning customer starts from their last order, once signed in; a draft still wins.
  // The form waits in its kept place for that answer: the notice above it appearing later
  // pushed the whole form down.
  const [prefillSettled, setPrefillSettled] = useState(false);
  useEffect(() => {
    if (!session.launched || !session.isLogin || resubmitting) return;
    let live = true;
    void purchase.loadPrefill().finally(() => live && setPrefillSettled(true));
    return () => {
      live = false;
    };
  }, [purchase, session.launched, session.isLogin, resubmitting]);
  const formShown = hydrated && (prefillSettled || !session.isLogin || resubmitting);
  // Its sections come a task apart (some 150 elements at once held a slow phone twice over
  // 50 ms: React's render, then the browser's layout); the place kept for the form stays
  // below them until the last one is drawn, so the page's height never drops meanwhile.
  const parts = useDrawnInParts(formShown ? FORM_PARTS : 0);

  const set = (field: string) => (value: string) => {
    purchase.updateForm({ [field]: value });
    status.clearError(field);
  };
  const sections = { purchase, errorOf: status.errorOf, set };

  // Take the customer to the list of what to fix (or, for a refusal of no field, the first
  // invalid one) once it is drawn: an animation frame came before React drew it on a busy
  // phone, and the customer was left at the button at the bottom with nothing said.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    document
      .querySelector<HTMLElement>('.error-summary, [aria-invalid="true"], .field-invalid input')
      ?.focus({ preventScroll: false });
  }, [refusals]);

  const next = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await status.submit(() => (resubmitting ? purchase.resubmit() : purchase.checkInformation()));
    if (!result) return;
    if (!result.ok) {
      setRefusals((n) => n + 1);
      return;
    }
    if (resubmitting) {
      ui.showToast(t('api.resubmitted'));
      navigate('/pages/process/pay', { replace: true });
    } else {
      navigate('/pages/process/check');
    }
  };

  const summary = inScreenOrder(status.invalidFields).map((field) => ({
    field,
    label: fieldLabel(t, field, purchase.form),
    message: status.errorOf(field) ?? '',
  }));
  const storeOptions = content.stores.data.map((s) => ({ value: String(s.id), label: `${s.name}（${s.address}）` }));
  const gate = (
    <UploadGate returnTo={location.pathname} onContinue={() => account.fastRegister(purchase.form.email ?? '')} />
  );

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process">
        {!(hydrated && resubmitting) && <Steps current={2} />}
        <p className="process-lead">{t('purchase.informationLead')}</p>
        {formShown && !resubmitting && !purchase.setmeal && <PlanRequired />}
        {formShown && !resubmitting && purchase.prefilledFrom && (
          <p className="field-hint" data-testid="prefill-notice">
            {t('purchase.prefilledNotice')}
          </p>
        )}
        {formShown && (
          <form className="form" onSubmit={next} noValidate>
            <ErrorSummary items={summary} />
            {parts >= 1 && <IdentitySection {...sections} />}
            {parts >= 2 && (
              <ContactSection
                {...sections}
                storeOptions={storeOptions}
                esimFee={withTax(appConfig.config?.esim?.fee ?? 0)}
              />
            )}
            {parts >= 3 && (
              <>
                {/* Photos only where the law and the server still take them (a data plan, while allowed). */}
                {purchase.photosRequired ? (
                  <DocumentsSection {...sections} signedIn={session.isLogin} gate={gate} onPicked={status.clearError} />
                ) : (
                  <IdentityMethodsNotice
                    purchase={purchase}
                    gate={
                      !session.isLogin && (
                        <UploadGate
                          forOrder
                          returnTo={location.pathname}
                          onContinue={() => account.fastRegister(purchase.form.email ?? '')}
                        />
                      )
                    }
                  />
                )}
                {/* Field refusals are listed at the top; this says the rest (a server or network problem). */}
                <FormAlert
                  text={status.alert.kind === 'error' && summary.length === 0 ? status.alert.text : ''}
                  kind="error"
                />
                <button type="submit" className="button button-primary button-block" disabled={status.busy}>
                  {status.busy ? t('account.submitting') : resubmitting ? t('purchase.resubmit') : t('purchase.next')}
                </button>
              </>
            )}
          </form>
        )}
        {parts < FORM_PARTS && <div className="form-placeholder" aria-busy="true" />}
      </main>
    </>
  );
});
