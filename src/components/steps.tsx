import { useTranslation } from 'react-i18next';

const STEPS = ['purchase.step1', 'purchase.step2', 'purchase.step3', 'purchase.step4'];

/** Where the customer is in the four purchase steps. */
export function Steps({ current }: { current: 1 | 2 | 3 | 4 }) {
  const { t } = useTranslation();
  return (
    <ol className="steps" aria-label={t('purchase.stepsLabel')}>
      {STEPS.map((key, index) => (
        <li
          key={key}
          className={index + 1 === current ? 'step step-current' : index + 1 < current ? 'step step-done' : 'step'}
          aria-current={index + 1 === current ? 'step' : undefined}
        >
          <span className="step-number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="step-label">{t(key)}</span>
        </li>
      ))}
    </ol>
  );
}
