import { useTranslation } from 'react-i18next';
import type { EsimOs } from '../../../contract/esim-devices';

const STEPS = { ios: 5, android: 5 } as const;

/**
 * The install step by step, with the phone's own menu names in the customer's language. An
 * unknown phone (a computer, say) gets both, as it may be installing on either.
 */
export function InstallSteps({ os }: { os: EsimOs }) {
  const { t } = useTranslation();
  const systems = os === 'other' ? (['ios', 'android'] as const) : [os];
  return (
    <>
      {systems.map((system) => (
        <section key={system} className="esim-steps" aria-labelledby={`esim-steps-${system}`}>
          <h3 id={`esim-steps-${system}`}>{t(`esim.steps.${system}.title`)}</h3>
          <ol>
            {Array.from({ length: STEPS[system] }, (_, i) => (
              <li key={i}>{t(`esim.steps.${system}.s${i + 1}`)}</li>
            ))}
          </ol>
          {system === 'android' && <p className="field-hint">{t('esim.steps.android.galaxy')}</p>}
        </section>
      ))}
    </>
  );
}
