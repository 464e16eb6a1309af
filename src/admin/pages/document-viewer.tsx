import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDocument } from '../../../contract/admin-api';
import type { AdminApiError } from '../api/client';
import { LoadFailed } from '../components/errors';
import { asApiError } from '../stores/loadable';
import { formatTime } from '../format';
import type { Lang } from '../../../contract/api';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3];

/**
 * One identity document as the server streams it (decrypted in memory, watermarked with the
 * staff member's name and the time, never cached): shown from memory through an object URL
 * that is let go when the page closes, with zoom and rotation.
 */

// Turned about the top-left corner, then moved back into view: the turned image stays below
// and to the right of the frame's start, where scrolling reaches (a frame cannot scroll to
// what a turn about the centre pushes above or left of it).
const ROTATE: Record<number, string> = {
  90: 'rotate(90deg) translateY(-100%)',
  180: 'rotate(180deg) translate(-100%, -100%)',
  270: 'rotate(270deg) translateX(-100%)',
};

export function DocumentViewer({
  doc,
  lang,
  load,
}: {
  doc: AdminDocument;
  lang: Lang;
  load: (id: string) => Promise<Blob>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<{ url: string; error: AdminApiError | null }>({ url: '', error: null });
  const [zoom, setZoom] = useState(2);
  const [rotation, setRotation] = useState(0);
  // In the order page's column the picture fits the column; opened, it fills the window.
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  useEffect(() => {
    let live = true;
    let url = '';
    load(doc.id).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (live) setShown({ url, error: null });
        else URL.revokeObjectURL(url);
      },
      (failure: unknown) => {
        if (live) setShown({ url: '', error: asApiError(failure) });
      },
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [doc.id, load, attempt]);

  const name = t(`order.document.${doc.kind}`);
  let body;
  if (shown.error) {
    body = (
      <LoadFailed
        error={shown.error}
        onRetry={() => {
          setShown({ url: '', error: null });
          setAttempt((n) => n + 1);
        }}
      />
    );
  } else if (!shown.url) {
    body = (
      <p className="doc-frame loading" role="status" aria-busy="true">
        {t('admin.loading')}
      </p>
    );
  } else {
    // Always a picture: a PDF's pages were drawn to one when it was uploaded (server/documents/pdf-render.ts).
    body = (
      <>
        <div className="doc-tools" role="group" aria-label={t('admin.documents.tools', { name })}>
          <button
            type="button"
            className="button button-small"
            disabled={zoom === 0}
            onClick={() => setZoom((z) => Math.max(0, z - 1))}
          >
            {t('admin.documents.zoomOut')}
          </button>
          <span className="zoom-level" aria-live="polite">
            {Math.round((ZOOMS[zoom] ?? 1) * 100)}%
          </span>
          <button
            type="button"
            className="button button-small"
            disabled={zoom === ZOOMS.length - 1}
            onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
          >
            {t('admin.documents.zoomIn')}
          </button>
          <button type="button" className="button button-small" onClick={() => setRotation((r) => (r + 270) % 360)}>
            {t('admin.documents.rotateLeft')}
          </button>
          <button type="button" className="button button-small" onClick={() => setRotation((r) => (r + 90) % 360)}>
            {t('admin.documents.rotateRight')}
          </button>
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setZoom(2);
              setRotation(0);
            }}
          >
            {t('admin.documents.reset')}
          </button>
          {open ? (
            <button ref={closeRef} type="button" className="button button-small" onClick={() => setOpen(false)}>
              {t('admin.documents.close')}
            </button>
          ) : (
            <button type="button" className="button button-small" onClick={() => setOpen(true)}>
              {t('admin.documents.open')}
            </button>
          )}
        </div>
        {/* Scrollable when zoomed in, so it takes the keyboard focus to scroll with arrows. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="doc-frame" tabIndex={0} role="region" aria-label={name}>
          {/* The picture opens the larger view too; the button above does the same from the keyboard. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
          <img
            src={shown.url}
            alt={t('admin.documents.imageAlt', { name })}
            data-rotation={rotation}
            onClick={() => setOpen(true)}
            style={{
              width: `${(ZOOMS[zoom] ?? 1) * 100}%`,
              ...(rotation ? { transform: ROTATE[rotation], transformOrigin: 'top left' } : {}),
            }}
          />
        </div>
      </>
    );
  }
  return (
    <section className={open ? 'document review-doc-open' : 'document'} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {name} <span className="muted">{formatTime(doc.uploadedAt, lang)}</span>
      </h3>
      {body}
    </section>
  );
}
