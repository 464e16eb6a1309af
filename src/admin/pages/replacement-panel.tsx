import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { canTransition } from '../../../contract/line-states';
import { REPLACEMENT_KINDS } from '../../../contract/lifecycle-rules';
import type { StaffReplacement } from '../../../contract/lost-views';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormError } from '../components/errors';
import { TextField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { yen } from '../format';
import { useAdmin } from '../stores/store-context';

/** The step staff can take now on a replacement under way, for a fulfilment role. */
export const NextStep = observer(function NextStep({ row }: { row: StaffReplacement }) {
  const { t } = useTranslation();
  const { lost } = useAdmin();
  const [value, setValue] = useState('');
  if (row.kind === 'esim') return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (row.status === 'preparing' && row.kind === 'post') void lost.ship.run(row.replacementNo, value.trim());
    else if (row.status === 'preparing') void lost.ready.run(row.replacementNo);
    else void lost.activate.run(row.replacementNo, value.trim());
  };
  const action = row.status === 'preparing' ? (row.kind === 'post' ? lost.ship : lost.ready) : lost.activate;
  if (!['preparing', 'shipped', 'ready_for_pickup'].includes(row.status)) return null;
  const mine = lost.target === row.replacementNo;
  const field =
    row.status === 'preparing' && row.kind === 'post'
      ? { name: 'trackingNo', label: t('admin.lost.trackingLabel'), button: t('admin.lost.ship') }
      : row.status === 'preparing'
        ? null
        : { name: 'iccid', label: t('admin.lost.iccidLabel'), button: t('admin.lost.activate') };
  return (
    <form className="inline-form" onSubmit={submit} noValidate aria-label={row.replacementNo}>
      <FormError error={mine ? action.error : null} fields={field ? [field.name] : []} />
      {field && (
        <TextField
          label={field.label}
          name={field.name}
          value={value}
          onChange={setValue}
          error={mine ? action.error : null}
          inputMode={field.name === 'iccid' ? 'numeric' : 'text'}
        />
      )}
      <button type="submit" className="button button-primary" disabled={action.running} aria-busy={action.running}>
        {field ? field.button : t('admin.lost.ready')}
      </button>
    </form>
  );
});

const Panel = observer(function Panel() {
  const { t } = useTranslation();
  const { lost, session } = useAdmin();
  const [confirming, setConfirming] = useState(false);
  const done = lost.activate.done
    ? 'admin.lost.activated'
    : lost.order.done
      ? 'admin.lost.ordered'
      : lost.ship.done
        ? 'admin.lost.shipped'
        : lost.ready.done
          ? 'admin.lost.readied'
          : lost.report.done
            ? 'admin.lost.reported'
            : null;
  return (
    <LoadView loadable={lost.panel}>
      {(panel) => (
        <>
          {panel.msisdn && panel.lineStatus ? (
            <p>{t('admin.lost.line', { msisdn: panel.msisdn, status: t(`admin.lineStatus.${panel.lineStatus}`) })}</p>
          ) : (
            <p className="empty">{t('admin.lost.noLine')}</p>
          )}
          {done && (
            <p className="notice" role="status">
              {t(done)}
            </p>
          )}
          {panel.lineStatus && canTransition(panel.lineStatus, 'lost') && session.can('customers') && (
            <div className="actions-row">
              <button
                type="button"
                className="button button-danger"
                disabled={lost.report.running}
                onClick={() => setConfirming(true)}
              >
                {t('admin.lost.report')}
              </button>
              <FormError error={lost.report.error} />
            </div>
          )}
          {panel.lineStatus === 'lost' && !panel.replacements.some(isOpen) && session.can('customers') && (
            <OrderReplacement />
          )}
          {panel.replacements.length === 0 ? (
            <p className="empty">{t('admin.lost.none')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('admin.lost.replacementNo')}</th>
                  <th scope="col">{t('admin.lost.kindLabel')}</th>
                  <th scope="col">{t('admin.lost.statusLabel')}</th>
                  <th scope="col">{t('admin.lost.fee')}</th>
                  <th scope="col">{t('admin.lost.tracking')}</th>
                  <th scope="col">{t('admin.lost.oldIccid')}</th>
                  <th scope="col">{t('admin.lost.newIccid')}</th>
                </tr>
              </thead>
              <tbody>
                {panel.replacements.map((row) => (
                  <tr key={row.replacementNo}>
                    <td>{row.replacementNo}</td>
                    <td>{t(`admin.lost.kind.${row.kind}`)}</td>
                    <td>{t(`admin.lost.status.${row.status}`)}</td>
                    <td>{yen(row.fee)}</td>
                    <td>{row.trackingNo ?? '—'}</td>
                    <td>{row.oldIccid}</td>
                    <td>{row.newIccid ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {session.can('fulfil') &&
            panel.replacements.map((row) => <NextStep key={`${row.replacementNo}:${row.status}`} row={row} />)}
          <ConfirmDialog
            open={confirming}
            title={t('admin.lost.report')}
            confirmLabel={t('admin.lost.reportYes')}
            onConfirm={() => {
              setConfirming(false);
              void lost.report.run();
            }}
            onCancel={() => setConfirming(false)}
            tone="danger"
          >
            <p>{t('admin.lost.reportConfirm')}</p>
          </ConfirmDialog>
        </>
      )}
    </LoadView>
  );
});

const OPEN_STATUSES = ['awaiting_payment', 'preparing', 'shipped', 'ready_for_pickup'];
const isOpen = (row: { status: string }) => OPEN_STATUSES.includes(row.status);

/** Staff order the new SIM for a caller: the way, then a confirm saying the customer pays its fee in the app. */
const OrderReplacement = observer(function OrderReplacement() {
  const { t } = useTranslation();
  const { lost } = useAdmin();
  const [kind, setKind] = useState<string>('post');
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="actions-row">
      <label>
        {t('admin.lost.orderKind')}{' '}
        <select value={kind} onChange={(event) => setKind(event.target.value)} disabled={lost.order.running}>
          {REPLACEMENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`admin.lost.kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button" disabled={lost.order.running} onClick={() => setConfirming(true)}>
        {t('admin.lost.order')}
      </button>
      <FormError error={lost.order.error} />
      <ConfirmDialog
        open={confirming}
        title={t('admin.lost.order')}
        confirmLabel={t('admin.lost.orderYes')}
        onConfirm={() => {
          setConfirming(false);
          void lost.order.run(kind);
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('admin.lost.orderConfirm', { kind: t(`admin.lost.kind.${kind}`) })}</p>
      </ConfirmDialog>
    </div>
  );
});

/** The customer page's lost SIM panel: report it for a caller, post or hand over the new SIM, activate it. */
export const ReplacementPanel = observer(function ReplacementPanel({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { lost } = useAdmin();
  useEffect(() => {
    void lost.open(customerId);
    return () => lost.reset();
  }, [lost, customerId]);
  return (
    <section className="panel" aria-labelledby="lost-panel-heading">
      <h2 id="lost-panel-heading">{t('admin.lost.title')}</h2>
      <Panel />
    </section>
  );
});
