import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLine } from '../../../contract/pause-views';
import { formatPhone } from '../../../contract/line-rules';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormError } from '../components/errors';
import { SelectField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { formatTime } from '../format';
import { LineStore, type LineActionName } from '../stores/line-store';
import { useAdmin } from '../stores/store-context';

type Line = NonNullable<AdminLine['line']>;

/**
 * The customer's line in the console [customers]: its state in words, its history (who, when,
 * why), and what the state machine allows from here: stop or resume, book, cancel or end a
 * pause. Each action is asked once more in a dialog; the server audits it.
 */
export const LinePanel = observer(function LinePanel({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { client } = useAdmin();
  const [store] = useState(() => new LineStore(client, customerId));
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <section className="panel" aria-labelledby="line-panel-heading">
      <h2 id="line-panel-heading">{t('admin.line.title')}</h2>
      <LoadView loadable={store.line}>
        {(data) =>
          data.line ? <LineView store={store} line={data.line} /> : <p className="empty">{t('admin.line.none')}</p>
        }
      </LoadView>
    </section>
  );
});

const LineView = observer(function LineView({ store, line }: { store: LineStore; line: Line }) {
  const { t } = useTranslation();
  const { language } = useAdmin();
  const lang = language.lang;
  const state = (s: string) => (s === 'new' ? t('admin.line.new') : t(`admin.lineStatus.${s}`));
  const who = (e: Line['events'][number]) => e.staffLogin ?? t(`admin.line.by.${e.by}`);
  const pause = line.pause;
  return (
    <>
      <dl className="facts facts-row">
        <div>
          <dt>{t('admin.fulfil.msisdn')}</dt>
          <dd>{formatPhone(line.msisdn)}</dd>
        </div>
        <div>
          <dt>{t('admin.line.state')}</dt>
          <dd data-testid="line-state">{t(`admin.lineStatus.${line.status}`)}</dd>
        </div>
        <div>
          <dt>{t('admin.line.pause')}</dt>
          <dd>
            {pause
              ? t(pause.status === 'booked' ? 'admin.line.pauseBooked' : 'admin.line.pauseRunning', {
                  start: pause.startOn,
                  resume: pause.resumeOn,
                })
              : t('admin.line.noPause')}
          </dd>
        </div>
      </dl>
      <LineActions store={store} line={line} />
      <h3>{t('admin.line.history')}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('admin.line.when')}</th>
            <th scope="col">{t('admin.line.change')}</th>
            <th scope="col">{t('admin.line.reason')}</th>
            <th scope="col">{t('admin.line.who')}</th>
          </tr>
        </thead>
        <tbody>
          {line.events.map((e) => (
            <tr key={`${e.at}-${e.reason}-${e.to}`}>
              <td>{formatTime(e.at, lang)}</td>
              <td>{t('admin.line.change_value', { from: state(e.from), to: state(e.to) })}</td>
              <td>{t(`admin.line.reasons.${e.reason}`)}</td>
              <td>{who(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
});

const LineActions = observer(function LineActions({ store, line }: { store: LineStore; line: Line }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<LineActionName | null>(null);
  const [start, setStart] = useState(line.pauseOptions[0]?.start ?? '');
  const [resumeOn, setResumeOn] = useState('');
  const action = store.action;
  const resumeOptions = line.pauseOptions.find((o) => o.start === start)?.resumeOptions ?? [];
  const longest = resumeOptions[resumeOptions.length - 1] ?? '';
  if (line.actions.length === 0) return <p className="muted">{t('admin.line.noActions')}</p>;
  const confirm = () => {
    const chosen = asking;
    setAsking(null);
    if (chosen)
      void action.run(chosen, chosen === 'book_pause' ? { start, ...(resumeOn ? { resumeOn } : {}) } : undefined);
  };
  return (
    <div className="actions-block">
      <FormError error={action.error} />
      {action.done && (
        <p className="notice" role="status">
          {t('admin.line.done')}
        </p>
      )}
      {line.actions.includes('book_pause') && (
        <div className="actions-row">
          <SelectField
            label={t('admin.line.start')}
            name="pause-start"
            value={start}
            onChange={(v) => {
              setStart(v);
              setResumeOn('');
            }}
            options={line.pauseOptions.map((o) => ({ value: o.start, label: o.start }))}
          />
          <SelectField
            label={t('admin.line.resumeOn')}
            name="pause-resume"
            value={resumeOn}
            onChange={setResumeOn}
            options={[
              { value: '', label: t('admin.line.longest', { date: longest }) },
              ...resumeOptions.slice(0, -1).map((d) => ({ value: d, label: d })),
            ]}
          />
        </div>
      )}
      <div className="actions-row">
        {line.actions.map((name) => (
          <button
            key={name}
            type="button"
            className={name === 'suspend' ? 'button button-danger' : 'button'}
            disabled={action.running}
            aria-busy={action.running}
            onClick={() => {
              action.clear();
              setAsking(name);
            }}
          >
            {t(`admin.line.actions.${name}`)}
          </button>
        ))}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={t('admin.line.confirmTitle')}
        confirmLabel={asking ? t(`admin.line.actions.${asking}`) : ''}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
        tone={asking === 'suspend' ? 'danger' : 'primary'}
      >
        <p>
          {asking === 'book_pause'
            ? t('admin.line.confirmPause', { msisdn: formatPhone(line.msisdn), start, resume: resumeOn || longest })
            : t('admin.line.confirmText', {
                msisdn: formatPhone(line.msisdn),
                action: asking ? t(`admin.line.actions.${asking}`) : '',
              })}
        </p>
      </ConfirmDialog>
    </div>
  );
});
