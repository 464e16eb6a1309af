import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ReplacementKind } from '../../../contract/lifecycle-rules';
import type { LostLineView } from '../../api/lost';
import { RadioGroup } from '../../components/radio-group';
import { formatYen } from '../../lib/format';
import type { LostStore } from './lost-store';

export const payPath = (chargeNo: string) => `/pages/user/pay?chargeNo=${encodeURIComponent(chargeNo)}`;

/** Choosing the replacement: posted to the address shown, picked up, or an eSIM; the fee; a confirm. */
export const ReplacementOrder = observer(function ReplacementOrder({
  lost,
  view,
}: {
  lost: LostStore;
  view: LostLineView;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<ReplacementKind | ''>('');
  const [kindError, setKindError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const confirmText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) confirmText.current?.focus();
  }, [confirming]);
  const feeText = view.fee > 0 ? t('lost.fee', { amount: formatYen(view.fee) }) : t('lost.free');
  const postWithoutAddress = kind === 'post' && !view.address;

  const order = async () => {
    if (!kind) return;
    const result = await lost.order(kind);
    setConfirming(false);
    const chargeNo = result.ok ? result.value.replacement?.chargeNo : null;
    if (chargeNo) navigate(payPath(chargeNo));
  };

  return (
    <section className="card lost-card" aria-labelledby="replace-title">
      <h2 id="replace-title">{t('lost.chooseTitle')}</h2>
      {confirming && kind ? (
        <div className="notice" role="group" aria-labelledby="replace-confirm">
          <p id="replace-confirm" ref={confirmText} tabIndex={-1}>
            {t('lost.orderConfirm', { kind: t(`lost.kind.${kind}`), fee: feeText })}
          </p>
          {kind === 'post' && view.address && (
            <p>
              {t('lost.address')}：{view.address}
            </p>
          )}
          <button
            type="button"
            className="button button-primary button-block"
            disabled={lost.busy}
            onClick={() => void order()}
          >
            {lost.busy ? t('lost.submitting') : t(view.fee > 0 ? 'lost.confirmPay' : 'lost.confirmFree')}
          </button>
          <button
            type="button"
            className="button button-outline button-block"
            disabled={lost.busy}
            onClick={() => setConfirming(false)}
          >
            {t('lost.back')}
          </button>
        </div>
      ) : (
        <>
          <p>{feeText}</p>
          <RadioGroup
            legend={t('lost.kindLegend')}
            name="replacement-kind"
            value={kind}
            error={kindError}
            onValueChange={(v) => {
              setKind(v as ReplacementKind);
              setKindError('');
            }}
            options={view.kinds.map((k) => ({ value: k, label: t(`lost.kind.${k}`) }))}
          />
          <div className="lost-address">
            <p className="field-hint">{t('lost.address')}</p>
            <p>{view.address ?? t('lost.noAddress')}</p>
            <Link to="/pages/user/address">{t('lost.changeAddress')}</Link>
          </div>
          <button
            type="button"
            className="button button-primary button-block"
            disabled={postWithoutAddress}
            onClick={() => {
              if (!kind) setKindError(t('lost.kindRequired'));
              else setConfirming(true);
            }}
          >
            {t('lost.order')}
          </button>
        </>
      )}
    </section>
  );
});
