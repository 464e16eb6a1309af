import { useTranslation } from 'react-i18next';
import { SupportReference } from './support-reference';

/** A load that failed, with the way to try again and the reference support finds it by. */
export function LoadFailed({
  text,
  onRetry,
  reference,
}: {
  text: string;
  onRetry: () => void;
  reference?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="inline-status" role="alert">
      <p>{text || t('home.loadError')}</p>
      <button type="button" className="button button-outline" onClick={onRetry}>
        {t('app.retry')}
      </button>
      <SupportReference id={reference} />
    </div>
  );
}
