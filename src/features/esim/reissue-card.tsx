import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { REISSUE_REASONS, type ReissueReason } from '../../../contract/esim-rules';
import type { ReissueView } from '../../../contract/esim-views';
import { RadioGroup } from '../../components/radio-group';
import { formatYen } from '../../lib/format';
import type { ReissueStore } from './reissue-store';
import './esim.css';

const orderPath = (orderNo: string) => `/pages/order/detail?orderNo=${encodeURIComponent(orderNo)}`;
const payPath = (chargeNo: string) => `/pages/user/pay?chargeNo=${encodeURIComponent(chargeNo)}`;

/**
 * The line page's card for a new eSIM profile (issue 30): when to ask, the fee, a reason and a
 * confirmation before any money moves; then the open reissue's state with its next step.
 */
export const ReissueCard = observer(function ReissueCard({ reissue }: { reissue: ReissueStore }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [reason, setReason] = useState<ReissueReason | ''>('');
  const [reasonError, setReasonError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const confirmText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    void reissue.load();
  }, [reissue]);
  // The confirmation replaces the button pressed: reading goes on from its text.
  useEffect(() => {
    if (confirming) confirmText.current?.focus();
  }, [confirming]);

  const line = reissue.line.data;
  // A line on a physical SIM, or no line: nothing to reissue. A failed load says nothing here:
  // the line card above has its own retry, and this card is not the page's subject.
  if (!line?.esim) return null;
  const fee = line.reissueFee;
  const feeText = fee > 0 ? t('esim.reissue.fee', { amount: formatYen(fee) }) : t('esim.reissue.free');
  const failure = reissue.failure;

  const ask = async () => {
    if (!reason) return;
    const result = await reissue.request(reason);
    setConfirming(false);
    if (result.ok && result.value.status === 'awaiting_payment' && result.value.chargeNo)
      navigate(payPath(result.value.chargeNo));
  };

  return (
    <section className="card esim-reissue" aria-labelledby="reissue-title" data-testid="esim-reissue">
      <h2 id="reissue-title">{t('esim.reissue.title')}</h2>
      {line.iccidLast4 && <p className="field-hint">{t('esim.install.iccid', { last4: line.iccidLast4 })}</p>}
      {reissue.open ? (
        <OpenReissue reissue={reissue} open={reissue.open} />
      ) : confirming && reason ? (
        <div className="notice" role="group" aria-labelledby="reissue-confirm">
          <p id="reissue-confirm" ref={confirmText} tabIndex={-1}>
            {t('esim.reissue.confirm', { reason: t(`esim.reason.${reason}`), fee: feeText })}
          </p>
          <p>{t('esim.reissue.confirmOld')}</p>
          <button
            type="button"
            className="button button-primary button-block"
            disabled={reissue.busy}
            onClick={() => void ask()}
          >
            {reissue.busy
              ? t('account.submitting')
              : t(fee > 0 ? 'esim.reissue.confirmPay' : 'esim.reissue.confirmFree')}
          </button>
          <button type="button" className="button button-outline button-block" onClick={() => setConfirming(false)}>
            {t('esim.reissue.back')}
          </button>
        </div>
      ) : (
        <>
          <p>{t('esim.reissue.when')}</p>
          <p>{feeText}</p>
          <RadioGroup
            legend={t('esim.reissue.reason')}
            name="reissue-reason"
            value={reason}
            error={reasonError}
            onValueChange={(v) => {
              setReason(v as ReissueReason);
              setReasonError('');
            }}
            options={REISSUE_REASONS.map((r) => ({ value: r, label: t(`esim.reason.${r}`) }))}
          />
          <button
            type="button"
            className="button button-outline button-block"
            onClick={() => {
              if (!reason) setReasonError(t('esim.reissue.reasonRequired'));
              else setConfirming(true);
            }}
          >
            {t('esim.reissue.ask')}
          </button>
          {line.orderNo && (
            <Link className="button button-outline button-block" to={orderPath(line.orderNo)}>
              {t('esim.reissue.toOrder')}
            </Link>
          )}
        </>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure.msg || t(`api.errors.${failure.key}`)}
        </p>
      )}
    </section>
  );
});

const OpenReissue = observer(function OpenReissue({ reissue, open }: { reissue: ReissueStore; open: ReissueView }) {
  const { t } = useTranslation();
  return (
    <div data-testid="reissue-open">
      {/* A state a newer server names that this app does not know reads as under way, never a key. */}
      <p role="status">
        {t(`esim.reissue.status.${open.status}`, { defaultValue: t('esim.reissue.status.processing') })}
      </p>
      {open.status === 'awaiting_payment' && (
        <>
          <p>{t('esim.reissue.fee', { amount: formatYen(open.fee) })}</p>
          {open.chargeNo && (
            <Link className="button button-primary button-block" to={payPath(open.chargeNo)}>
              {t('esim.reissue.pay')}
            </Link>
          )}
          <button
            type="button"
            className="button button-outline button-block"
            disabled={reissue.busy}
            onClick={() => void reissue.cancel(open.reissueNo)}
          >
            {t('esim.reissue.cancel')}
          </button>
        </>
      )}
      <Link className="button button-outline button-block" to={orderPath(open.orderNo)}>
        {t('esim.reissue.toOrder')}
      </Link>
    </div>
  );
});
