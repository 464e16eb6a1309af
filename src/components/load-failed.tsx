import { useTranslation } from 'react-i18next';

/** A load that failed, with the way to try again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="inline-status" role="alert">
      <p>{text || t('home.loadError')}</p>
      <button type="button" className="button button-outline" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
