import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../../../contract/api';

/** Phone, e-mail and the WeChat ID with a QR code to add customer service in WeChat. */
export function ContactChannels({ config }: { config: AppConfig | null }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState('');
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
  return (
    <div className="contact-channels">
      <p>
        {t('help.phone')}：<a href={`tel:${config.contact.phone}`}>{config.contact.phone}</a>
      </p>
      <p>
        {t('help.email')}：<a href={`mailto:${config.contact.email}`}>{config.contact.email}</a>
      </p>
      <p>{t('help.wechatId', { id: wechatId })}</p>
      {qr && <img src={qr} width={160} height={160} alt={t('help.wechatQr', { id: wechatId })} />}
    </div>
  );
}
