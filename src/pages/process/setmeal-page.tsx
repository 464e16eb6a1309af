import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { useHydrated } from '../../components/hydration';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { Steps } from '../../components/steps';
import { PlanList } from '../../features/content/plan-list';
import '../../components/form-page.css';
import './process.css';

export default observer(function SetmealPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { content, purchase, appConfig } = useStores();
  const [alert, setAlert] = useState('');
  // The purchase draft lives on the phone: the server draws no plan chosen.
  const hydrated = useHydrated();

  useEffect(() => {
    if (content.plans.status === 'idle') void content.plans.load();
  }, [content]);

  // A shared link (`?plan=<id>`) opens with its plan chosen; the parameter then leaves the
  // address, so a reload keeps whatever the customer chooses next.
  const [params] = useSearchParams();
  const shared = params.get('plan');
  const plansReady = content.plans.status === 'ready';
  useEffect(() => {
    if (!hydrated || !shared || !plansReady) return;
    purchase.chooseSharedPlan(shared, content.plans.data);
    navigate('/pages/process/setmeal', { replace: true });
  }, [hydrated, shared, plansReady, purchase, content, navigate]);

  const next = () => {
    if (!purchase.setmeal) {
      setAlert(t('api.errors.SETMEAL_REQUIRED'));
      return;
    }
    navigate('/pages/process/information');
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process">
        <Steps current={1} />
        <section className="facts" aria-labelledby="facts-title">
          <h2 id="facts-title">{t('purchase.factsTitle')}</h2>
          <ul>
            <li>{t('home.highlightUnlimited')}</li>
            <li>{t('home.highlightFreeApps', { count: appConfig.config?.freeApps ?? 22 })}</li>
            <li>{t('purchase.factTax')}</li>
            <li>{t('home.highlightDelivery')}</li>
          </ul>
        </section>
        <PlanList
          plans={content.plans}
          selectedId={hydrated ? (purchase.setmeal?.id ?? -1) : -1}
          onChoose={(plan) => {
            purchase.chooseSetmeal(plan);
            setAlert('');
          }}
        />
        <div className="sticky-actions">
          <FormAlert text={alert} kind="error" />
          <button type="button" className="button button-primary button-block" onClick={next}>
            {t('purchase.next')}
          </button>
        </div>
      </main>
    </>
  );
});
