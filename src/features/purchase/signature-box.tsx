import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

interface Props {
  /** The saved signature (PNG data URL), drawn back after a reload. */
  value: string;
  onChange: (dataUrl: string) => void;
  error?: string;
}

/** signature_pad on a canvas sized for the screen's pixel density; redo clears it. */
export function SignatureBox({ value, onChange, error }: Props) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const initial = useRef(value);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const signaturePad = new SignaturePad(el, { penColor: '#111', backgroundColor: 'rgb(255,255,255)' });
    pad.current = signaturePad;
    if (initial.current)
      void signaturePad.fromDataURL(initial.current, { width: el.offsetWidth, height: el.offsetHeight });
    const save = () => onChange(signaturePad.isEmpty() ? '' : signaturePad.toDataURL('image/png'));
    signaturePad.addEventListener('endStroke', save);
    return () => {
      signaturePad.removeEventListener('endStroke', save);
      signaturePad.off();
    };
  }, [onChange]);

  const redo = () => {
    pad.current?.clear();
    onChange('');
  };

  return (
    <div className={error ? 'signature field-invalid' : 'signature'}>
      <p id="signature-label" className="upload-label">
        {t('purchase.signHere')}
      </p>
      <canvas
        ref={canvas}
        className="signature-canvas"
        role="img"
        aria-labelledby="signature-label"
        data-testid="signature"
      />
      {error && <p className="field-error">{error}</p>}
      <button type="button" className="button button-outline button-small" onClick={redo}>
        {t('purchase.signAgain')}
      </button>
    </div>
  );
}
