import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { EsimSupport } from '../../../contract/esim-devices';
import { fieldId } from './field-labels';
import type { SectionProps } from './identity-section';

/**
 * "Can this phone take it?" (issue 30): the user agent's verdict, never a refusal, and the
 * customer's own word that the phone is SIM-unlocked and takes an eSIM (esimConfirm, required).
 */
export const EsimCheck = observer(function EsimCheck({
  purchase,
  errorOf,
  set,
  support,
}: SectionProps & { support: EsimSupport }) {
  const { t } = useTranslation();
  const error = errorOf('esimConfirm');
  const device = support.model ?? t('esim.check.thisPhone');
  return (
    <div className="esim-check" data-testid="esim-check">
      {support.verdict === 'supported' && (
        <p className="notice" role="status" data-verdict="supported">
          {t('esim.check.supported', { device })}
        </p>
      )}
      {support.verdict === 'unsupported' && (
        <p className="notice" role="alert" data-verdict="unsupported">
          {t('esim.check.unsupported', { device })}
        </p>
      )}
      {support.verdict === 'unknown' && (
        <div className="notice" data-verdict="unknown">
          <p>{t('esim.check.unknown')}</p>
          <ul>
            <li>{t('esim.check.howIos')}</li>
            <li>{t('esim.check.howAndroid')}</li>
          </ul>
        </div>
      )}
      <p className="field-hint">{t('esim.check.noPost')}</p>
      <div className={error ? 'checkbox-field field-invalid' : 'checkbox-field'}>
        <input
          id={fieldId('esimConfirm')}
          type="checkbox"
          checked={purchase.form.esimConfirm === 'yes'}
          onChange={(e) => set('esimConfirm')(e.target.checked ? 'yes' : '')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'esim-confirm-error' : undefined}
        />
        <label htmlFor={fieldId('esimConfirm')}>{t('esim.check.confirm')}</label>
      </div>
      {error && (
        <p id="esim-confirm-error" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
});
