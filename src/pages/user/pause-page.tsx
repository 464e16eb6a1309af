import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { LineHistoryList } from '../../features/pause/line-history';
import { PauseForm } from '../../features/pause/pause-form';
import { PauseOpen } from '../../features/pause/pause-open';
import { PauseStore } from '../../features/pause/pause-store';
import './line.css';

/** Pause and resume (keep the number): book, see, cancel or end a pause; the line's history below. */
export default observer(function PausePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { http, language } = useStores();
  const [pause] = useState(() => new PauseStore(http));
  useEffect(() => {
    void pause.load();
  }, [pause, language.lang]);
  const view = pause.view.data;
  const failure = pause.failure;
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page line-page" aria-busy={pause.view.status === 'loading' && !view}>
        {pause.view.status === 'loading' && !view && <p role="status">{t('pause.loading')}</p>}
        {pause.view.status === 'error' && !view && (
          <LoadFailed text={pause.view.message} reference={pause.view.reference} onRetry={() => void pause.load()} />
        )}
        {view && (
          <section className="card" aria-labelledby="pause-title" data-testid="pause-page">
            <h2 id="pause-title">{t('pause.cardTitle')}</h2>
            {view.pause ? (
              <PauseOpen pause={pause} open={view.pause} />
            ) : view.canBook ? (
              <PauseForm pause={pause} view={view} />
            ) : (
              <p role="status">{t('pause.notActive', { status: t(`line.statuses.${view.lineStatus}`) })}</p>
            )}
            {failure && (
              <p className="field-error" role="alert">
                {failure.msg || t(`api.errors.${failure.key}`, { defaultValue: t('home.loadError') })}
              </p>
            )}
          </section>
        )}
        {view && <LineHistoryList pause={pause} />}
      </main>
    </>
  );
});
