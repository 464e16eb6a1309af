import { observer } from 'mobx-react-lite';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockImportResult } from '../../../contract/esim-views';
import { FormError, fieldText } from '../components/errors';
import { Field } from '../components/fields';
import { useAdmin } from '../stores/store-context';

/** The server's limit on the text (stockImportSchema): a bigger file is refused here, unsent. */
const MAX_CHARS = 2_000_000;

/** A bad row's reason: the console's words for the key, else the API's, never the key itself. */
function rowReason(t: ReturnType<typeof useTranslation>['t'], key: string): string {
  return t(`admin.esim.rowErrors.${key}`, { defaultValue: fieldText(t, key) });
}

/** What the import did, or every bad row (then nothing was imported). */
function Result({ result }: { result: StockImportResult }) {
  const { t } = useTranslation();
  if (result.errors.length > 0)
    return (
      <div className="problems" role="alert">
        <p className="form-error">{t('admin.esim.import.failed', { count: result.errors.length })}</p>
        <table>
          <caption>{t('admin.esim.import.errors')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.esim.import.line')}</th>
              <th scope="col">{t('admin.esim.import.reason')}</th>
            </tr>
          </thead>
          <tbody>
            {result.errors.map((error) => (
              <tr key={`${error.line}-${error.key}`}>
                <td>{error.line}</td>
                <td>{rowReason(t, error.key)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <div className="notice" role="status">
      <p>
        {t('admin.esim.import.done', {
          imported: result.imported,
          skipped: result.skipped.length,
          assigned: result.assigned,
        })}
      </p>
      {result.skipped.length > 0 ? (
        <details>
          <summary>{t('admin.esim.import.skipped')}</summary>
          <ul className="mono">
            {result.skipped.map((iccid) => (
              <li key={iccid}>{iccid}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/**
 * The carrier's profiles as CSV (iccid,smdp_address,matching_id,confirmation_code), from a file
 * or pasted: all rows or none go in. The text is only sent; nothing of it is kept in the page
 * once imported, as it holds the matching IDs.
 */
export const EsimImportForm = observer(function EsimImportForm() {
  const { t } = useTranslation();
  const { esim } = useAdmin();
  const action = esim.importCsv;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    void file.text().then((text) => {
      if (text.length > MAX_CHARS) {
        esim.setCsv('');
        action.refuse('TOO_LONG', t('admin.esim.import.tooLarge'), { file: 'TOO_LONG' });
        return;
      }
      esim.setCsv(text, file.name);
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!esim.csv.trim()) {
      action.refuse('REQUIRED', t('admin.esim.import.empty'), { csv: 'REQUIRED' });
      return;
    }
    void action.run();
  };
  const lines = esim.csv.split(/\r?\n/).filter((line) => line.trim()).length;
  return (
    <form className="panel" noValidate onSubmit={submit} aria-labelledby="esim-import-heading">
      <h2 id="esim-import-heading">{t('admin.esim.import.title')}</h2>
      <p className="muted">{t('admin.esim.import.intro')}</p>
      <Field
        label={t('admin.esim.import.file')}
        name="file"
        error={action.error}
        hint={t('admin.esim.import.fileHint')}
      >
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
      {/* The server names the text (`csv`) in its refusals: the header, too many rows. */}
      <Field label={t('admin.esim.import.text')} name="csv" error={action.error}>
        {({ id, invalid, describedBy }) => (
          <textarea
            id={id}
            rows={6}
            className="mono"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={esim.csv}
            onChange={(event) => esim.setCsv(event.target.value)}
          />
        )}
      </Field>
      <p className="muted">{t('admin.esim.import.lines', { count: lines })}</p>
      <FormError error={action.error} fields={['file', 'csv']} />
      <button type="submit" className="button button-primary" disabled={action.running} aria-busy={action.running}>
        {t(action.running ? 'admin.esim.import.sending' : 'admin.esim.import.submit')}
      </button>
      {esim.result ? <Result result={esim.result} /> : null}
    </form>
  );
});
