import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * What the app puts at the right end of every title bar (the language switch). Given by the
 * app through context, so that components need not know the feature that draws it.
 */
export const HeaderEnd = createContext<ReactNode>(null);

/** Title bar of inner pages; Back goes home when there is no history (a deep link). */
export function PageHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const end = useContext(HeaderEnd);
  const back = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state && typeof state.idx === 'number' && state.idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <header className="page-header">
      <div className="page-header-side">
        <button type="button" className="icon-button" onClick={back} aria-label={t('app.back')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path fill="currentColor" d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" />
          </svg>
        </button>
      </div>
      <h1>{title}</h1>
      <div className="page-header-side page-header-end">{end}</div>
    </header>
  );
}
