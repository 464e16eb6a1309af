import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../../../contract/api';
import './service-status.css';

/** Phone, e-mail and the WeChat ID with a QR code to add customer service in WeChat. */
export function ContactChannels({ config }: { config: AppConfig | null }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState('');
  const [copied, setCopied] = useState<'' | 'yes' | 'no'>('');
  const wechatId = config?.contact.wechatId ?? '';
  useEffect(() => {
    if (!wechatId) return;
    let live = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(`https://u.wechat.com/${encodeURIComponent(wechatId)}`, { margin: 1, width: 160 }).then(
        (url) => live && setQr(url),
      ),
    );
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
      {qr ? (
        <img src={qr} width={160} height={160} alt={t('help.wechatQr', { id: wechatId })} />
      ) : (
        wechatId && <span className="contact-qr-space" aria-hidden="true" />
      )}
    </div>
  );
}
