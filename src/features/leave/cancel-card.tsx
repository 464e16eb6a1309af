import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CancellationBooked } from '../../../contract/leave-views';
import { canTransition } from '../../../contract/line-states';
import { LoadFailed } from '../../components/load-failed';
import { TextField } from '../../components/text-field';
import { FinalBill } from './final-bill';
import type { LeaveStore } from './leave-store';

const payPath = (chargeNo: string) => `/pages/user/pay?chargeNo=${encodeURIComponent(chargeNo)}`;

/**
 * Leaving Japan: pick the last day, read the rule and the final bill, confirm; then the booked
 * cancellation with its bill to pay and the way to withdraw it; after the day, the end in words.
 */
export const CancelCard = observer(function CancelCard({ leave }: { leave: LeaveStore }) {
  const { t } = useTranslation();
  const [day, setDay] = useState('');
  const [dayError, setDayError] = useState('');
  const quoteRef = useRef<HTMLHeadingElement>(null);
  const view = leave.view.data;
  const quote = view?.quote ?? null;
  // The quote replaces the form: reading goes on from its heading.
  useEffect(() => {
    if (quote) quoteRef.current?.focus();
  }, [quote]);

  if (!view) {
    if (leave.view.status === 'error')
      return (
        <LoadFailed text={leave.view.message} reference={leave.view.reference} onRetry={() => void leave.view.load()} />
      );
    return (
      <p className="inline-status" role="status">
        {t('app.loading')}
      </p>
    );
  }
  const failure = leave.failure && (
    <p className="field-error" role="alert">
      {leave.failure.msg || t(`api.errors.${leave.failure.key}`, { defaultValue: t('home.loadError') })}
    </p>
  );
  if (view.cancellation)
    return (
      <section className="card" aria-labelledby="leave-title" data-testid="leave-booked">
        <Booked leave={leave} booked={view.cancellation} />
        {failure}
      </section>
    );
  const allowed = canTransition(view.lineStatus, 'cancelling');
  return (
    <section className="card" aria-labelledby="leave-title" data-testid="leave-form">
      <h2 id="leave-title">{t('routes.userCancel')}</h2>
      {!allowed ? (
        <p className="notice">{t('leave.notAllowed', { status: t(`line.statuses.${view.lineStatus}`) })}</p>
      ) : quote ? (
        <div role="group" aria-labelledby="leave-quote-title">
          <h3 id="leave-quote-title" ref={quoteRef} tabIndex={-1}>
            {t('leave.lastDayIs', { lastDay: quote.lastDay })}
          </h3>
          <FinalBill quote={quote} />
          <p>{t('leave.confirmNote')}</p>
          <button
            type="button"
            className="button button-primary button-block"
            disabled={leave.busy}
            onClick={() => void leave.book()}
          >
            {leave.busy ? t('account.submitting') : t('leave.confirm')}
          </button>
          <button
            type="button"
            className="button button-outline button-block"
            disabled={leave.busy}
            onClick={() => leave.clearQuote()}
          >
            {t('leave.changeDay')}
          </button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!day) setDayError(t('leave.lastDayRequired'));
            else void leave.quote(day);
          }}
        >
          <p>{t('leave.intro')}</p>
          <TextField
            label={t('leave.lastDay')}
            type="date"
            name="lastDay"
            min={view.minDay}
            max={view.maxDay}
            value={day}
            error={dayError}
            hint={t('leave.lastDayHint', { max: view.maxDay })}
            onValueChange={(v) => {
              setDay(v);
              setDayError('');
            }}
          />
          <button
            type="submit"
            className="button button-primary button-block"
            disabled={leave.view.status === 'loading'}
          >
            {leave.view.status === 'loading' ? t('app.loading') : t('leave.seeQuote')}
          </button>
        </form>
      )}
      {leave.view.status === 'error' && (
        <LoadFailed text={leave.view.message} reference={leave.view.reference} onRetry={() => void leave.view.load()} />
      )}
      {failure}
    </section>
  );
});

const Booked = observer(function Booked({ leave, booked }: { leave: LeaveStore; booked: CancellationBooked }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const ended = booked.status === 'done';
  const payable = booked.chargeNo && booked.chargeStatus === 'unpaid';
  return (
    <>
      <h2 id="leave-title">{t(ended ? 'leave.endedTitle' : 'leave.bookedTitle')}</h2>
      <p role="status" data-testid="leave-state">
        {ended ? t('leave.ended', { lastDay: booked.lastDay }) : t('leave.lastDayIs', { lastDay: booked.lastDay })}
      </p>
      <FinalBill quote={booked} />
      {booked.chargeStatus && (
        <p data-testid="leave-charge-status">
          <strong>{t(`leave.chargeStatus.${booked.chargeStatus}`)}</strong>
        </p>
      )}
      {ended && payable && <p>{t('leave.endedUnpaid')}</p>}
      {payable && (
        <Link className="button button-primary button-block" to={payPath(booked.chargeNo!)}>
          {t('leave.pay')}
        </Link>
      )}
      {booked.withdrawable &&
        (confirming ? (
          <div className="notice" role="group" aria-labelledby="leave-withdraw-confirm">
            <p id="leave-withdraw-confirm">{t('leave.withdrawConfirm')}</p>
            <button
              type="button"
              className="button button-primary button-block"
              disabled={leave.busy}
              onClick={() => void leave.withdraw().then(() => setConfirming(false))}
            >
              {leave.busy ? t('account.submitting') : t('leave.withdrawYes')}
            </button>
            <button type="button" className="button button-outline button-block" onClick={() => setConfirming(false)}>
              {t('leave.back')}
            </button>
          </div>
        ) : (
          <>
            <p className="field-hint">{t('leave.withdrawUntil', { lastDay: booked.lastDay })}</p>
            <button type="button" className="button button-outline button-block" onClick={() => setConfirming(true)}>
              {t('leave.withdraw')}
            </button>
          </>
        ))}
    </>
  );
});
