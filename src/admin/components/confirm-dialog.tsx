import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in full: the amount, the method, the order, the month, how many. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button's look: `danger` for what moves money out. */
  tone?: 'primary' | 'danger';
}

/**
 * Asks before something that moves money. Modal in effect: focus goes to Cancel (an Enter
 * pressed by habit moves nothing), Tab stays inside, Escape cancels, and focus goes back to
 * the button that opened it.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, tone }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // The latest handler, so the listener below is added once per opening.
  const cancelled = useRef(onCancel);
  useEffect(() => {
    cancelled.current = onCancel;
  });
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    const keyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        cancelled.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const buttons = [...(box.current?.querySelectorAll('button') ?? [])];
      const first = buttons[0];
      const last = buttons[buttons.length - 1];
      const inside = box.current?.contains(document.activeElement) ?? false;
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', keyDown);
    return () => {
      document.removeEventListener('keydown', keyDown);
      opener?.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <div className="dialog-backdrop">
      <div
        ref={box}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-text`}>{children}</div>
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="button" onClick={onCancel}>
            {t('admin.confirmCancel')}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'button button-danger' : 'button button-primary'}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
