import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/select-field';
import { formatYen } from '../../lib/format';
import type { PauseView } from './pause-api';
import type { PauseStore } from './pause-store';

const LONGEST = '';

/**
 * Booking a pause: the start month, the month the line runs again (or the longest, twelve
 * months), the fee per paused month against the rent, then a confirmation before the line stops.
 */
export const PauseForm = observer(function PauseForm({ pause, view }: { pause: PauseStore; view: PauseView }) {
  const { t } = useTranslation();
  const [start, setStart] = useState(view.options[0]?.start ?? '');
  const [resumeOn, setResumeOn] = useState(LONGEST);
  const [confirming, setConfirming] = useState(false);
  const confirmText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) confirmText.current?.focus();
  }, [confirming]);

  const resumeOptions = view.options.find((o) => o.start === start)?.resumeOptions ?? [];
  const longest = resumeOptions[resumeOptions.length - 1] ?? '';
  const resumeShown = resumeOn || longest;
  const fee = t('price.yen', { amount: formatYen(view.keepNumberFee) });
  const rent = t('price.yen', { amount: formatYen(view.monthlyRent) });

  if (confirming)
    return (
      <div className="notice" role="group" aria-labelledby="pause-confirm">
        <p id="pause-confirm" ref={confirmText} tabIndex={-1}>
          {t('pause.confirm', { start, resume: resumeShown })}
        </p>
        <p>{t('pause.feeVsRent', { fee, rent })}</p>
        <button
          type="button"
          className="button button-primary button-block"
          disabled={pause.busy}
          onClick={() => void pause.book(start, resumeOn).then(() => setConfirming(false))}
        >
          {pause.busy ? t('account.submitting') : t('pause.confirmBook')}
        </button>
        <button type="button" className="button button-outline button-block" onClick={() => setConfirming(false)}>
          {t('pause.back')}
        </button>
      </div>
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        pause.clearFailure();
        setConfirming(true);
      }}
    >
      <p>{t('pause.intro')}</p>
      <p data-testid="pause-fee">{t('pause.feeVsRent', { fee, rent })}</p>
      <SelectField
        id="pause-start"
        label={t('pause.start')}
        value={start}
        onValueChange={(v) => {
          setStart(v);
          setResumeOn(LONGEST);
        }}
        options={view.options.map((o) => ({ value: o.start, label: t('pause.startOption', { date: o.start }) }))}
      />
      <SelectField
        id="pause-resume"
        label={t('pause.resume')}
        value={resumeOn}
        onValueChange={setResumeOn}
        options={[
          { value: LONGEST, label: t('pause.longest', { date: longest }) },
          ...resumeOptions.slice(0, -1).map((d) => ({ value: d, label: t('pause.resumeOption', { date: d }) })),
        ]}
      />
      <button type="submit" className="button button-primary button-block" disabled={!start}>
        {t('pause.review')}
      </button>
    </form>
  );
});
