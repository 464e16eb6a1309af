import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrImage } from './qr-image';
import './handoff-box.css';

export interface HandoffWords {
  /** Why the customer continues elsewhere, and where. */
  intro: string;
  /** How to open the link, shown above it. */
  hint?: string;
  copy: string;
  copied: string;
  copyByHand: string;
  qrAlt: string;
  /** The region's name for screen readers. */
  title: string;
  /** Said while the link is being made; a general wording when absent. */
  making?: string;
}

/**
 * A one-time continuation link (POST /api/handoff/create) where this web view cannot do the next
 * step: payment, the identity check, the eSIM install. The link to copy and its QR code for
 * another phone; the caller's store makes the link, so this stays below the features.
 */
export function HandoffBox({
  link,
  busy = false,
  error,
  onRetry,
  words,
  testId,
}: {
  link: string;
  busy?: boolean;
  /** Already localized; '' when nothing failed. */
  error: string;
  onRetry: () => void;
  words: HandoffWords;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'' | 'yes' | 'no'>('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <div className="notice handoff" role="region" aria-label={words.title} data-testid={testId}>
      <p>{words.intro}</p>
      {busy && !link && <p role="status">{words.making ?? t('handoff.making')}</p>}
      {error && (
        <div role="alert">
          <p>{error}</p>
          <button type="button" className="button button-outline" disabled={busy} onClick={onRetry}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {link && (
        <>
          {words.hint && <p>{words.hint}</p>}
          <p className="handoff-link" data-testid="handoff-link">
            {link}
          </p>
          <button type="button" className="button button-primary" onClick={() => void copy()}>
            {words.copy}
          </button>
          {copied && (
            <p className="field-hint" role="status">
              {copied === 'yes' ? words.copied : words.copyByHand}
            </p>
          )}
          <QrImage value={link} alt={words.qrAlt} />
        </>
      )}
    </div>
  );
}
