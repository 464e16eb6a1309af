import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadView } from '../components/load-view';
import { formatTime } from '../format';
import { useAdmin } from '../stores/store-context';
import { NextStep } from './replacement-panel';

/**
 * The fulfilment page's replacements of lost SIMs still under way, oldest first, with the step
 * each waits for (post it, hand it over, activate it). Drawn only for a role that may take them.
 */
export const ReplacementQueue = observer(function ReplacementQueue() {
  const { t } = useTranslation();
  const { lost, session, language } = useAdmin();
  const allowed = session.can('fulfil');
  useEffect(() => {
    if (allowed) void lost.loadQueue();
  }, [lost, allowed]);
  if (!allowed) return null;
  const done = lost.activate.done
    ? 'admin.lost.activated'
    : lost.ship.done
      ? 'admin.lost.shipped'
      : lost.ready.done
        ? 'admin.lost.readied'
        : null;
  return (
    <section aria-labelledby="replacement-queue-heading">
      <h2 id="replacement-queue-heading">{t('admin.lost.queueTitle')}</h2>
      {done && (
        <p className="notice" role="status">
          {t(done)}
        </p>
      )}
      <LoadView loadable={lost.queue}>
        {({ replacements }) =>
          replacements.length === 0 ? (
            <p className="empty">{t('admin.lost.queueEmpty')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('admin.lost.replacementNo')}</th>
                  <th scope="col">{t('admin.lost.customer')}</th>
                  <th scope="col">{t('admin.lost.kindLabel')}</th>
                  <th scope="col">{t('admin.lost.statusLabel')}</th>
                  <th scope="col">{t('admin.lost.requestedAt')}</th>
                  <th scope="col">{t('admin.lost.next')}</th>
                </tr>
              </thead>
              <tbody>
                {replacements.map((row) => (
                  <tr key={row.replacementNo}>
                    <td>{row.replacementNo}</td>
                    <td>
                      {session.can('customers') ? (
                        <Link to={`/customers/${row.userId}`}>{row.msisdn}</Link>
                      ) : (
                        row.msisdn
                      )}
                    </td>
                    <td>{t(`admin.lost.kind.${row.kind}`)}</td>
                    <td>{t(`admin.lost.status.${row.status}`)}</td>
                    <td>{formatTime(row.createdAt, language.lang)}</td>
                    <td>
                      <NextStep key={`${row.replacementNo}:${row.status}`} row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </LoadView>
    </section>
  );
});
