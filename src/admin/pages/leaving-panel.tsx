import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLeaving } from '../../../contract/leave-views';
import { canTransition } from '../../../contract/line-states';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormError } from '../components/errors';
import { TextField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { formatDay, monthText, yen } from '../format';
import { useAdmin } from '../stores/store-context';

type Pending = 'book' | 'withdraw' | 'end' | 'issue' | 'complete' | null;

/**
 * Leaving Japan on the customer's page [customers]: the booked cancellation (last day, rule,
 * final bill and whether it is paid), booking or withdrawing it for the customer, and the
 * port-out from request to issued number to completed. Each change is asked again in a dialog.
 */
export const LeavingPanel = observer(function LeavingPanel({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { leaving } = useAdmin();
  useEffect(() => {
    void leaving.open(customerId);
  }, [leaving, customerId]);
  return (
    <section aria-labelledby="leaving-heading" className="panel">
      <h2 id="leaving-heading">{t('admin.leaving.title')}</h2>
      <LoadView loadable={leaving.panel}>{(data) => <LeavingView data={data} />}</LoadView>
    </section>
  );
});

const LeavingView = observer(function LeavingView({ data }: { data: AdminLeaving }) {
  const { t } = useTranslation();
  const { leaving, language } = useAdmin();
  const lang = language.lang;
  const [lastDay, setLastDay] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  if (data.lineId === null) return <p className="empty">{t('admin.leaving.noLine')}</p>;
  const c = data.cancellation;
  const port = data.portOut;
  const actions = {
    book: leaving.book,
    withdraw: leaving.withdraw,
    end: leaving.endNow,
    issue: leaving.issue,
    complete: leaving.complete,
  };
  const running = Object.values(actions).some((a) => a.running);
  const error = Object.values(actions).find((a) => a.error)?.error ?? null;
  const confirm = () => {
    const what = pending;
    setPending(null);
    if (what === 'book') void leaving.book.run(lastDay);
    else if (what) void actions[what].run();
  };
  const submitBook = (event: FormEvent) => {
    event.preventDefault();
    if (!lastDay) leaving.book.refuse('REQUIRED', t('api.errors.REQUIRED'), { lastDay: 'REQUIRED' });
    else setPending('book');
  };
  return (
    <>
      <p>{t('admin.leaving.lineStatus', { status: t(`admin.lineStatus.${data.lineStatus ?? 'active'}`) })}</p>
      <FormError error={error} fields={['lastDay']} />
      {c ? (
        <>
          <dl className="facts">
            <dt>{t('admin.leaving.lastDay')}</dt>
            <dd>{formatDay(c.lastDay, lang)}</dd>
            <dt>{t('admin.leaving.rule')}</dt>
            <dd>{t(`admin.leaving.rules.${c.rule}`, { lastDay: c.lastDay, paidUntil: c.paidUntil })}</dd>
            <dt>{t('admin.leaving.state')}</dt>
            <dd>{t(`admin.leaving.states.${c.status}`)}</dd>
            <dt>{t('admin.leaving.finalBill')}</dt>
            <dd>
              {c.chargeStatus
                ? `${yen(c.total)} · ${t(`admin.leaving.chargeStatus.${c.chargeStatus}`)}`
                : t('admin.leaving.nothingOwed')}
            </dd>
            <dt>{t('admin.leaving.simReturn')}</dt>
            <dd>{t(c.simReturn ? 'admin.leaving.simReturnYes' : 'admin.leaving.simReturnNo')}</dd>
          </dl>
          {c.items.length > 0 && (
            <ul>
              {c.items.map((item) => (
                <li key={`${item.code}-${item.month ?? ''}-${item.billNo ?? ''}`}>
                  {t(`admin.leaving.items.${item.code}`, { month: item.month ? monthText(t, item.month) : '' })}:{' '}
                  {yen(item.total)}
                </li>
              ))}
            </ul>
          )}
          {c.withdrawable && (
            <button type="button" className="button" disabled={running} onClick={() => setPending('withdraw')}>
              {t('admin.leaving.withdraw')}
            </button>
          )}
          {c.endable && (
            <button type="button" className="button button-danger" disabled={running} onClick={() => setPending('end')}>
              {t('admin.leaving.endNow')}
            </button>
          )}
        </>
      ) : canTransition(data.lineStatus ?? '', 'cancelling') ? (
        <form onSubmit={submitBook} noValidate>
          <TextField
            label={t('admin.leaving.lastDay')}
            name="lastDay"
            type="date"
            value={lastDay}
            onChange={setLastDay}
            error={leaving.book.error}
            hint={t('admin.leaving.lastDayHint')}
          />
          <button type="submit" className="button" disabled={running}>
            {t('admin.leaving.book')}
          </button>
        </form>
      ) : (
        <p className="muted">{t('admin.leaving.noCancellation')}</p>
      )}
      <h3>{t('admin.leaving.portTitle')}</h3>
      {port ? (
        <dl className="facts">
          <dt>{t('admin.leaving.state')}</dt>
          <dd>{t(`admin.leaving.portStates.${port.status}`)}</dd>
          {port.reservationNo && (
            <>
              <dt>{t('admin.leaving.reservationNo')}</dt>
              <dd>{port.reservationNo}</dd>
            </>
          )}
          {port.validUntil && (
            <>
              <dt>{t('admin.leaving.validUntil')}</dt>
              <dd>{formatDay(port.validUntil, lang)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="muted">{t('admin.leaving.noPortOut')}</p>
      )}
      {port?.status === 'requested' && (
        <button type="button" className="button" disabled={running} onClick={() => setPending('issue')}>
          {t('admin.leaving.issue')}
        </button>
      )}
      {port?.status === 'issued' && (
        <button
          type="button"
          className="button button-danger"
          disabled={running}
          onClick={() => setPending('complete')}
        >
          {t('admin.leaving.complete')}
        </button>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={t('admin.leaving.confirmTitle')}
        confirmLabel={t('admin.leaving.confirm')}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        tone={pending === 'complete' || pending === 'end' ? 'danger' : 'primary'}
      >
        <p>{pending ? t(`admin.leaving.confirmText.${pending}`, { lastDay }) : ''}</p>
      </ConfirmDialog>
    </>
  );
});
