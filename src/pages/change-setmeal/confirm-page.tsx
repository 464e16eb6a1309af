import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { todayInTokyo } from '../../../contract/calendar';
import { planChangeEffectiveDate } from '../../../contract/line-rules';
import { withTax } from '../../../contract/pricing';
import type { PageProps } from '../../app/lazy-page';
import { lineOf } from '../../app/line-of';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { CancelChangeButton } from '../../features/line/cancel-change-button';
import { formatYen } from '../../lib/format';
import '../user/line.css';

/** The price difference and the 25th-of-next-month date, shown before the change is confirmed. */
export default observer(function ConfirmPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stores = useStores();
  const { content } = stores;
  const line = lineOf(stores);
  const [params] = useSearchParams();
  const planId = Number(params.get('planId'));
  const [alert, setAlert] = useState<{ text: string; kind: 'error' | 'success' }>({ text: '', kind: 'error' });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void line.pkg.load();
    if (!line.chosenPlan && planId) void content.plans.load();
  }, [line, content, planId]);

  // After a reload only the address knows the plan: it is looked up among the plans on sale.
  const chosen = line.chosenPlan ?? content.plans.data.find((plan) => plan.id === planId) ?? null;
  if (!line.chosenPlan && planId && content.plans.status !== 'ready' && content.plans.status !== 'error') {
    return (
      <>
        <PageHeader title={t(titleKey)} />
        <main id="main" className="page status-view" aria-busy="true" />
      </>
    );
  }
  const current = line.pkg.data;
  if (!chosen) {
    return (
      <>
        <PageHeader title={t(titleKey)} />
        <main id="main" className="page status-view">
          <p>{t('api.errors.SETMEAL_REQUIRED')}</p>
          <Link className="button button-primary" to="/pages/change-setmeal/setmeal">
            {t('routes.changeSetmeal')}
          </Link>
        </main>
      </>
    );
  }
  const newRent = withTax(chosen.monthlyRent);
  const difference = current ? newRent - current.monthlyRent : 0;
  const yen = (n: number) => t('price.yen', { amount: formatYen(Math.abs(n)) });
  const confirm = async () => {
    setBusy(true);
    line.choosePlan(chosen);
    const result = await line.changePlan();
    setBusy(false);
    if (result.ok) {
      setAlert({ text: result.msg, kind: 'success' });
      setTimeout(() => void navigate('/pages/user/taocan', { replace: true }), 800);
    } else setAlert({ text: result.msg || t(`api.errors.${result.error}`), kind: 'error' });
  };
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page line-page">
        <section className="card" aria-labelledby="change-title">
          <h2 id="change-title">{chosen.name}</h2>
          <dl className="facts-list">
            {current && (
              <div>
                <dt>{t('line.fromPlan')}</dt>
                <dd>{current.planName}</dd>
              </div>
            )}
            <div>
              <dt>{t('line.newRent')}</dt>
              <dd>
                {yen(newRent)}
                {t('home.perMonth')}
              </dd>
            </div>
            <div>
              <dt>{t('line.difference')}</dt>
              <dd>
                {difference >= 0 ? '+' : '−'}
                {yen(difference)}
                {t('home.perMonth')}
              </dd>
            </div>
            <div>
              <dt>{t('line.effectiveDate')}</dt>
              <dd data-testid="effective-date">{planChangeEffectiveDate(todayInTokyo())}</dd>
            </div>
          </dl>
          <p className="field-hint">{t('line.changeRule')}</p>
        </section>
        <CancelChangeButton line={line} />
        <FormAlert text={alert.text} kind={alert.kind} />
        {alert.kind === 'error' && alert.text.includes(t('api.errors.BIND_PHONE_FIRST')) && (
          <Link className="button button-outline button-block" to="/pages/user/bind">
            {t('routes.userBind')}
          </Link>
        )}
        <button type="button" className="button button-primary button-block" onClick={confirm} disabled={busy}>
          {busy ? t('account.submitting') : t('line.confirmChange')}
        </button>
      </main>
    </>
  );
});
