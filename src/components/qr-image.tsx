import { useEffect, useState } from 'react';

/** A link drawn as a QR code to scan with another phone; the encoder loads only when one is shown. */
export function QrImage({ value, alt, size = 180 }: { value: string; alt: string; size?: number }) {
  // Kept with the value it draws: a new link never shows the previous one's code.
  const [drawn, setDrawn] = useState({ value: '', src: '' });
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(value, { margin: 1, width: size }).then((src) => live && setDrawn({ value, src })),
    );
    return () => {
      live = false;
    };
  }, [value, size]);
  return drawn.value === value && drawn.src ? (
    <img src={drawn.src} width={size} height={size} alt={alt} data-qr-value={value} />
  ) : (
    <div style={{ width: size, height: size }} aria-hidden="true" />
  );
}
