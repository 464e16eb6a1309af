import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langTag } from '../../../contract/api';
import { canTransition } from '../../../contract/line-states';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { LostStore } from '../../features/lost/lost-store';
import { ReplacementOrder } from '../../features/lost/replacement-order';
import { ReplacementProgress } from '../../features/lost/replacement-progress';
import { ReportLost } from '../../features/lost/report-lost';
import '../../components/facts-list.css';
import '../../components/form-page.css';
import '../../features/lost/lost.css';
import './line.css';

/** A lost or stolen SIM (issue 31): stopped at once, then replaced; the number stays. */
export default observer(function LostPage({ titleKey }: PageProps) {
  const { t, i18n } = useTranslation();
  const { http, language } = useStores();
  const [lost] = useState(() => new LostStore(http));
  useEffect(() => {
    void lost.load();
  }, [lost, language.lang]);

  const view = lost.line.data;
  const open = view?.replacement && !['done', 'cancelled'].includes(view.replacement.status);
  // Which states may be reported lost is the state machine's answer (active, paused, suspended, cancelling).
  const reportable = view?.status ? canTransition(view.status, 'lost') : false;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(langTag(i18n.language === 'ja' ? 'ja' : 'cn'), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(iso));
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page lost-page" aria-busy={lost.line.status === 'loading' && !view}>
        {lost.line.status === 'error' && !view && (
          <LoadFailed text={lost.line.message} reference={lost.line.reference} onRetry={() => void lost.load()} />
        )}
        {view && !view.hasLine && (
          <p className="notice" role="status">
            {t('lost.noLine')}
          </p>
        )}
        {view?.hasLine && (
          <section className="card lost-card" aria-labelledby="lost-title">
            <h2 id="lost-title">{t('lost.title')}</h2>
            <dl className="facts-list">
              <div>
                <dt>{t('lost.number')}</dt>
                <dd>{view.msisdn}</dd>
              </div>
              <div>
                <dt>{t('lost.state')}</dt>
                <dd data-testid="line-state">{view.status ? t(`line.statuses.${view.status}`) : ''}</dd>
              </div>
              {view.lostAt && (
                <div>
                  <dt>{t('lost.lostAt')}</dt>
                  <dd>{when(view.lostAt)}</dd>
                </div>
              )}
            </dl>
            {view.status === 'lost' ? (
              <>
                <p role="status">{t('lost.stopped')}</p>
                {!open && <p>{t('lost.next')}</p>}
              </>
            ) : reportable ? (
              <>
                <p>{t('lost.intro')}</p>
                <ReportLost lost={lost} />
              </>
            ) : (
              <p>{t('lost.cannot')}</p>
            )}
          </section>
        )}
        {lost.failure && (
          <p className="field-error" role="alert">
            {lost.failure.msg || t(`api.errors.${lost.failure.key}`, { defaultValue: t('api.errors.SERVER_ERROR') })}
          </p>
        )}
        {view?.replacement && (open || view.status !== 'lost') && (
          <ReplacementProgress lost={lost} replacement={view.replacement} />
        )}
        {view?.status === 'lost' && !open && <ReplacementOrder lost={lost} view={view} />}
      </main>
    </>
  );
});
