import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
interface ToastSource {
  toast: { id: number; text: string; kind: 'info' | 'error' } | null;
  dismissToast(id: number): void;
}

/** One toast at a time, announced politely and gone after a few seconds. */
export const ToastHost = observer(function ToastHost({ ui }: { ui: ToastSource }) {
  const toast = ui.toast;
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => ui.dismissToast(toast.id), 3500);
    return () => clearTimeout(timer);
  }, [toast, ui]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && <p className={`toast toast-${toast.kind}`}>{toast.text}</p>}
    </div>
  );
});
