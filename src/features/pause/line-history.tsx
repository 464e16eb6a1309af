import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
import { tokyoDateTime } from '../../lib/tokyo-time';
import type { PauseStore } from './pause-store';
import './pause.css';

/** The line's history, newest first: when, what it became, why and who (you, staff, the system). */
export const LineHistoryList = observer(function LineHistoryList({
  pause,
  limit,
}: {
  pause: PauseStore;
  limit?: number;
}) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    void pause.history.load();
  }, [pause]);
  const history = pause.history;
  const events = history.data?.events ?? [];
  return (
    <section className="card" aria-labelledby="line-history-title" aria-busy={history.status === 'loading'}>
      <h2 id="line-history-title">{t('pause.historyTitle')}</h2>
      {history.status === 'error' && !history.data && (
        <LoadFailed text={history.message} reference={history.reference} onRetry={() => void history.load()} />
      )}
      {history.status === 'loading' && !history.data && <p role="status">{t('pause.loading')}</p>}
      {history.data && events.length === 0 && <p>{t('pause.historyEmpty')}</p>}
      {events.length > 0 && (
        <ol className="line-history" data-testid="line-history">
          {events.slice(0, limit ?? events.length).map((e) => (
            <li key={`${e.at}-${e.reason}`}>
              <time dateTime={e.at}>{tokyoDateTime(e.at, i18n.language === 'ja' ? 'ja' : 'cn')}</time>{' '}
              {t('pause.historyItem', {
                reason: t(`line.reasons.${e.reason}`),
                state: t(`line.statuses.${e.to}`),
                by: t(`pause.by.${e.by}`),
              })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});
