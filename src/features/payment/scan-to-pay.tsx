import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * WeChat Pay Native on a computer: the code_url as a QR code the customer scans with WeChat on
 * their phone, while the page asks the server. A sandbox code_url is a web page (a real one is
 * weixin://), so the sandbox also links it, to be opened where no phone can scan.
 */
export function ScanToPay({ codeUrl, children }: { codeUrl: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState('');
  useEffect(() => {
    let live = true;
    // The QR encoder loads only when a code is shown.
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(codeUrl, { margin: 1, width: 200 }).then((url) => live && setQr(url)),
    );
    return () => {
      live = false;
    };
  }, [codeUrl]);
  const sandbox = /^https?:/.test(codeUrl);
  return (
    <div className="notice scan-to-pay" role="region" aria-label={t('payment.scanTitle')}>
      <p>
        <strong>{t('payment.scanTitle')}</strong>
      </p>
      <p>{t('payment.scanHint')}</p>
      {qr ? (
        <img src={qr} width={200} height={200} alt={t('payment.scanQr')} data-code-url={codeUrl} />
      ) : (
        <div className="scan-qr-placeholder" aria-hidden="true" />
      )}
      {children}
      <p className="field-hint">{t('payment.scanOther')}</p>
      {sandbox && (
        <a href={codeUrl} target="_blank" rel="noreferrer" className="sandbox-scan-link">
          {t('payment.sandboxScan')}
        </a>
      )}
    </div>
  );
}
