import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditFilter } from '../api/endpoints';
import { TextField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatTime } from '../format';
import { useAdmin } from '../stores/store-context';
import { auditDetail } from '../audit-detail';
import { actorName } from '../history-note';

const TEXT_FILTERS: (keyof AuditFilter)[] = ['actor', 'action', 'target'];

/** Who did what, when and from where (staff actions and every look at a document); CSV with the same filters. */
export const AuditPage = observer(function AuditPage() {
  const { t } = useTranslation();
  const { audit, language, session } = useAdmin();
  useEffect(() => {
    void audit.load();
  }, [audit]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void audit.load();
  };
  return (
    <Page title={t('admin.audit.title')} wide>
      {!session.can('audit') && <p className="muted">{t('admin.audit.ownOnly')}</p>}
      <form className="filters" role="search" onSubmit={submit}>
        {TEXT_FILTERS.map((key) => (
          <TextField
            key={key}
            label={t(`admin.audit.${key}`)}
            name={key}
            value={audit.filter[key]}
            onChange={(value) => audit.setFilter({ [key]: value })}
          />
        ))}
        <TextField
          label={t('admin.audit.from')}
          name="from"
          type="date"
          value={audit.filter.from}
          onChange={(from) => audit.setFilter({ from })}
        />
        <TextField
          label={t('admin.audit.to')}
          name="to"
          type="date"
          value={audit.filter.to}
          onChange={(to) => audit.setFilter({ to })}
        />
        <button type="submit" className="button button-primary" disabled={audit.rows.status === 'loading'}>
          {t('admin.filter')}
        </button>
        <button
          type="button"
          className="button"
          disabled={audit.rows.status === 'loading'}
          onClick={() => void audit.clearFilter()}
        >
          {t('admin.clearFilter')}
        </button>
        <a className="button" href={audit.csvUrl} download>
          {t('admin.audit.export')}
        </a>
      </form>
      <LoadView loadable={audit.rows}>
        {({ rows }) =>
          rows.length === 0 ? (
            <p className="empty">{t('admin.none')}</p>
          ) : (
            <table className="audit">
              <caption className="visually-hidden">{t('admin.audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.order.at')}</th>
                  <th scope="col">{t('admin.audit.actor')}</th>
                  <th scope="col">{t('admin.audit.action')}</th>
                  <th scope="col">{t('admin.audit.target')}</th>
                  <th scope="col">{t('admin.audit.ip')}</th>
                  <th scope="col">{t('admin.audit.detail')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{formatTime(row.at, language.lang)}</td>
                    <td>{actorName(t, row.actor)}</td>
                    <td>{t(`admin.audit.actions.${row.action}`, { defaultValue: row.action })}</td>
                    <td>{row.target}</td>
                    <td>{row.ip ?? '—'}</td>
                    <td className="detail">{auditDetail(t, row.detail, language.lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </LoadView>
    </Page>
  );
});
