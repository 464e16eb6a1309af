import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A value the customer types elsewhere (a phone's eSIM settings, another carrier's MNP form):
 * shown whole, with a copy button. `words` names the locale group holding copy, copyNamed,
 * copied and copyByHand, so each page keeps its own wording.
 */
export function CopyField({
  label,
  value,
  words,
  testId,
  className,
  codeClassName,
  buttonClassName = 'button button-outline button-small',
}: {
  label: string;
  value: string;
  words: 'esim.install' | 'leave.port';
  testId?: string;
  className?: string;
  codeClassName?: string;
  buttonClassName?: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'' | 'yes' | 'no'>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // Some web views refuse the clipboard: the value is on screen to copy by hand.
      setCopied('no');
    }
  };
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>
        <code className={codeClassName} data-testid={testId}>
          {value}
        </code>{' '}
        <button
          type="button"
          className={buttonClassName}
          aria-label={t(`${words}.copyNamed`, { name: label })}
          onClick={() => void copy()}
        >
          {t(`${words}.copy`)}
        </button>
        {copied && (
          <span className="field-hint" role="status">
            {t(copied === 'yes' ? `${words}.copied` : `${words}.copyByHand`)}
          </span>
        )}
      </dd>
    </div>
  );
}
