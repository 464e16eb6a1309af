import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../../../contract/api';
import './service-status.css';

/** A QR code's dark modules as one SVG path, with a quiet zone of one module around them. */
function qrPath(modules: { size: number; get: (row: number, col: number) => number | boolean }) {
  let d = '';
  for (let row = 0; row < modules.size; row += 1)
    for (let col = 0; col < modules.size; col += 1) if (modules.get(row, col)) d += `M${col + 1} ${row + 1}h1v1h-1z`;
  return { size: modules.size + 2, d };
}

/** Phone, e-mail and the WeChat ID with a QR code to add customer service in WeChat. */
export function ContactChannels({ config }: { config: AppConfig | null }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<{ size: number; d: string } | null>(null);
  const [copied, setCopied] = useState<'' | 'yes' | 'no'>('');
  const wechatId = config?.contact.wechatId ?? '';
  useEffect(() => {
    if (!wechatId) return;
    let live = true;
    void import('qrcode').then(({ create }) => {
      if (live) setQr(qrPath(create(`https://u.wechat.com/${encodeURIComponent(wechatId)}`).modules));
    });
    return () => {
      live = false;
    };
  }, [wechatId]);
  if (!config) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(wechatId);
      setCopied('yes');
    } catch {
      // Some web views refuse the clipboard: the ID is selectable text, so say how instead.
      setCopied('no');
    }
  };
  return (
    <div className="contact-channels">
      <p>
        {t('help.phone')}：<a href={`tel:${config.contact.phone}`}>{config.contact.phone}</a>
      </p>
      <p>
        {t('help.email')}：<a href={`mailto:${config.contact.email}`}>{config.contact.email}</a>
      </p>
      <p className="contact-wechat">
        <span className="contact-wechat-id">{t('help.wechatId', { id: wechatId })}</span>
        <button type="button" className="button button-outline contact-copy" onClick={() => void copy()}>
          {t('help.copyId')}
        </button>
      </p>
      {copied && (
        <p className="field-hint" role="status">
          {t(copied === 'yes' ? 'help.copied' : 'help.copyByHand')}
        </p>
      )}
      {/* The code is drawn after the page: its place is kept, so nothing under it moves. */}
      {/* Vector shapes, not an image: drawn late, the code must not count as the page's largest
          paint (a data: PNG did, and put the FAQ's LCP after the scripts). */}
      {qr ? (
        <svg
          className="contact-qr"
          role="img"
          aria-label={t('help.wechatQr', { id: wechatId })}
          width={160}
          height={160}
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          shapeRendering="crispEdges"
        >
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.d} fill="#000" />
        </svg>
      ) : (
        wechatId && <span className="contact-qr-space" aria-hidden="true" />
      )}
    </div>
  );
}
