import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import '../../components/help-page.css';

/** Only images of this app: an open `src` would let a link show any picture under our name. */
function safeSrc(src: string | null): string | null {
  if (!src || !/^[a-z0-9/_.-]+\.(svg|png|jpe?g|webp)$/i.test(src) || src.includes('..')) return null;
  return `${import.meta.env.BASE_URL}${src.replace(/^\//, '')}`;
}

/** Full screen, with pinch zoom on phones and zoom buttons for everyone. */
export default function PreviewImagePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [zoom, setZoom] = useState(1);
  const src = safeSrc(params.get('src'));
  const close = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx) navigate(-1);
    else navigate('/');
  };
  return (
    <main id="main" className="preview" aria-label={t(titleKey)}>
      <h1 className="visually-hidden">{t(titleKey)}</h1>
      {/* Scrolls when zoomed in, so the keyboard must be able to reach it too (axe asks for it;
          the jsx-a11y rule does not know scrolling). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="preview-stage" tabIndex={0} role="region" aria-label={t('help.previewAlt')}>
        {src ? (
          <img src={src} alt={t('help.previewAlt')} style={{ width: `${zoom * 100}%` }} />
        ) : (
          <p style={{ color: '#fff' }}>{t('app.notFoundHint')}</p>
        )}
      </div>
      <div className="preview-bar">
        <button
          type="button"
          className="button button-small"
          onClick={() => setZoom((z) => Math.max(1, z - 0.5))}
          aria-label={t('help.zoomOut')}
        >
          −
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => setZoom((z) => Math.min(4, z + 0.5))}
          aria-label={t('help.zoomIn')}
        >
          +
        </button>
        <button type="button" className="button button-small" onClick={close}>
          {t('help.close')}
        </button>
      </div>
    </main>
  );
}
