import { observer } from 'mobx-react-lite';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageImportResult } from '../../../contract/admin-api';
import { FormError } from '../components/errors';
import { Field } from '../components/fields';
import { Page } from '../components/page';
import { formatGb } from '../format';
import { useAdmin } from '../stores/store-context';
import { formatPhone } from '../../../contract/line-rules';

const MAX_BYTES = 20 * 1024 * 1024;
/** A day's data is small: two decimals keep 70 MB and 100 MB apart (0.07 GB, 0.10 GB). */
const USAGE_DIGITS = 2;

function Changes({ result }: { result: UsageImportResult }) {
  const { t } = useTranslation();
  return (
    <>
      {result.problems.length > 0 ? (
        <div className="problems" role="alert">
          <h3>{t('admin.usage.problems', { count: result.problems.length })}</h3>
          <ul>
            {result.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.changes.length === 0 ? (
        <p className="empty">{t('admin.usage.noChanges')}</p>
      ) : (
        <table>
          <caption>{t('admin.usage.changes', { count: result.changes.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.fulfil.msisdn')}</th>
              <th scope="col">{t('admin.usage.day')}</th>
              <th scope="col">{t('admin.usage.before')}</th>
              <th scope="col">{t('admin.usage.after')}</th>
            </tr>
          </thead>
          <tbody>
            {result.changes.map((change) => (
              <tr key={`${change.msisdn}-${change.day}`}>
                <td>{formatPhone(change.msisdn)}</td>
                <td>{change.day}</td>
                <td>{change.before === null ? '—' : formatGb(change.before, USAGE_DIGITS)}</td>
                <td>{formatGb(change.after, USAGE_DIGITS)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** Usage CSV (msisdn,YYYY-MM-DD,megabytes): a dry run first shows what would change, then the import. */
export const UsagePage = observer(function UsagePage() {
  const { t } = useTranslation();
  const { money } = useAdmin();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_BYTES) {
      money.setUsageCsv('');
      money.usage.refuse('FILE_TOO_LARGE', t('admin.usage.tooLarge'), { csv: 'invalid' });
      return;
    }
    void file.text().then((text) => money.setUsageCsv(text, file.name));
  };
  const lines = money.usageCsv.split(/\r?\n/).filter((line) => line.trim()).length;
  return (
    <Page title={t('admin.usage.title')} wide>
      <p className="lead">{t('admin.usage.intro')}</p>
      <form
        className="panel"
        noValidate
        onSubmit={(event) => event.preventDefault()}
        aria-label={t('admin.usage.title')}
      >
        <Field label={t('admin.usage.file')} name="csv" error={money.usage.error} hint={t('admin.usage.fileHint')}>
          {({ id, invalid, describedBy }) => (
            <input
              id={id}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={choose}
            />
          )}
        </Field>
        <Field label={t('admin.usage.text')} name="text">
          {({ id }) => (
            <textarea
              id={id}
              rows={6}
              className="mono"
              value={money.usageCsv}
              onChange={(event) => money.setUsageCsv(event.target.value)}
            />
          )}
        </Field>
        <p className="muted">{t('admin.usage.lines', { count: lines })}</p>
        <FormError error={money.usage.error} fields={['csv']} />
        <div className="actions-row">
          <button
            type="button"
            className="button"
            disabled={money.usage.running || lines === 0}
            onClick={() => void money.usage.run(true)}
          >
            {t('admin.usage.dryRun')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={money.usage.running || !money.dryRun || money.dryRun.changes.length === 0}
            onClick={() => void money.usage.run(false)}
          >
            {t('admin.usage.import')}
          </button>
        </div>
      </form>
      {money.dryRun ? (
        <section className="panel" aria-labelledby="dry-run-heading">
          <h2 id="dry-run-heading">{t('admin.usage.dryRunTitle')}</h2>
          <Changes result={money.dryRun} />
        </section>
      ) : null}
      {money.imported ? (
        <section className="panel" aria-labelledby="imported-heading">
          <h2 id="imported-heading">{t('admin.usage.importedTitle')}</h2>
          <p className="notice" role="status">
            {t('admin.usage.importedDone', { count: money.imported.changes.length })}
          </p>
          <Changes result={money.imported} />
        </section>
      ) : null}
    </Page>
  );
});
