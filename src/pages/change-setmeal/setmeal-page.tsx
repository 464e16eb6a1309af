import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { lineOf } from '../../app/line-of';
import { useStores } from '../../app/store-context';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { CancelChangeButton } from '../../features/line/cancel-change-button';
import { PlanList } from '../../features/content/plan-list';
import '../user/line.css';

export default observer(function ChangeSetmealPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stores = useStores();
  const { content } = stores;
  const line = lineOf(stores);
  useEffect(() => {
    void content.plans.load();
    void line.pkg.load();
  }, [content, line]);
  const current = line.pkg.data;
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page line-page">
        {current && <p>{t('line.currentPlan', { plan: current.planName })}</p>}
        {current?.pendingChange && (
          <p className="notice">
            {t('line.pendingChange', {
              plan: current.pendingChange.planName,
              date: current.pendingChange.effectiveDate,
            })}
          </p>
        )}
        <CancelChangeButton line={line} />
        {line.pkg.status === 'error' && !current && (
          <LoadFailed text={line.pkg.message} reference={line.pkg.reference} onRetry={() => void line.pkg.load()} />
        )}
        <PlanList
          plans={content.plans}
          selectedId={current?.planId ?? -1}
          onChoose={(plan) => {
            line.choosePlan(plan);
            // The plan rides in the address, so the confirm page survives a reload.
            navigate(`/pages/change-setmeal/confirm?planId=${plan.id}`);
          }}
        />
      </main>
    </>
  );
});
