/** The outcome of a form's last request, announced to screen readers. */
export function FormAlert({ text, kind }: { text: string; kind: 'error' | 'success' }) {
  if (!text) return null;
  return (
    <p className={`form-alert form-alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
