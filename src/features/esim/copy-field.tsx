import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A value the customer types into the phone's settings: shown whole, with a copy button. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'' | 'yes' | 'no'>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="esim-copy">
      <dt>{label}</dt>
      <dd>
        <code className="esim-code" data-testid={testId}>
          {value}
        </code>
        <button
          type="button"
          className="button button-outline"
          aria-label={t('esim.install.copyNamed', { name: label })}
          onClick={() => void copy()}
        >
          {t('esim.install.copy')}
        </button>
        {copied && (
          <span className="field-hint" role="status">
            {t(copied === 'yes' ? 'esim.install.copied' : 'esim.install.copyByHand')}
          </span>
        )}
      </dd>
    </div>
  );
}
