import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOADING_VIEW_DELAY_MS, LOADING_VIEW_TIMEOUT_MS } from '../../contract/limits';

/**
 * Shown while a page chunk loads: nothing for the first 200 ms (a fast load should not
 * flash a spinner), then a loading line, and after 60 s a way out.
 */
export function LoadingView({ onGiveUp }: { onGiveUp: () => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'quiet' | 'loading' | 'gaveUp'>('quiet');

  useEffect(() => {
    const show = setTimeout(() => setPhase('loading'), LOADING_VIEW_DELAY_MS);
    const giveUp = setTimeout(() => setPhase('gaveUp'), LOADING_VIEW_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(giveUp);
    };
  }, []);

  if (phase === 'quiet') return <div className="page-placeholder" aria-hidden="true" />;
  if (phase === 'gaveUp') {
    return (
      <div className="page-placeholder status-view" role="alert">
        <p>{t('app.loadFailed')}</p>
        <button type="button" className="button button-primary" onClick={onGiveUp}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="page-placeholder status-view" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{t('app.loading')}</p>
    </div>
  );
}
