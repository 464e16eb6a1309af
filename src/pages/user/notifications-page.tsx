import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NotificationKindSetting } from '../../../contract/api';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../../../contract/notifications';
import type { PageProps } from '../../app/lazy-page';
import { notificationsOf } from '../../app/notifications-of';
import { useStores } from '../../app/store-context';
import { FormAlert } from '../../components/form-alert';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import './notifications-page.css';

/** Where a customer gets a channel they do not have yet (WeChat: by signing in inside WeChat). */
const MISSING: Record<NotificationChannel, { textKey: string; link?: { to: string; key: string } }> = {
  email: { textKey: 'notifications.missingEmail', link: { to: '/pages/user/edit', key: 'notifications.addEmail' } },
  sms: { textKey: 'notifications.missingSms', link: { to: '/pages/user/bind', key: 'notifications.bindPhone' } },
  wechat: { textKey: 'notifications.missingWechat' },
};

/** Per kind of notification, a switch for each channel the customer has; bills stay on. */
export default observer(function NotificationsPage({ titleKey }: PageProps) {
  const { t, i18n } = useTranslation();
  const stores = useStores();
  const { ui } = stores;
  const notifications = notificationsOf(stores);
  const { settings } = notifications;
  // Shown under the kind whose switch failed, where the customer is looking.
  const [failure, setFailure] = useState<{ kind: string; text: string } | null>(null);

  useEffect(() => {
    void notifications.open();
  }, [notifications]);

  const kindName = (kind: string) => t(`notifications.kinds.${kind}`);
  const channelName = (channel: NotificationChannel) => t(`notifications.channels.${channel}`);
  // The server's own words when it answered; else what the failure key says (NETWORK, TIMEOUT, ...).
  const reasonOf = (msg: string, error: string) =>
    msg || (i18n.exists(`api.errors.${error}`) ? t(`api.errors.${error}`) : t('home.loadError'));

  const choose = async (row: NotificationKindSetting, channel: NotificationChannel, enabled: boolean) => {
    setFailure(null);
    const result = await notifications.choose(row.kind, channel, enabled);
    if (!result) return;
    const names = { kind: kindName(row.kind), channel: channelName(channel) };
    if (result.ok) ui.showToast(t(enabled ? 'notifications.turnedOn' : 'notifications.turnedOff', names));
    else
      setFailure({
        kind: row.kind,
        text: t('notifications.saveFailed', { ...names, reason: reasonOf(result.msg, result.error) }),
      });
  };

  const loading = settings.status === 'idle' || settings.status === 'loading';
  const ready = settings.status === 'ready';
  const { channels, kinds } = settings.data;
  const owned = NOTIFICATION_CHANNELS.filter((channel) => channels[channel]);
  const missing = NOTIFICATION_CHANNELS.filter((channel) => !channels[channel]);

  const kindList = (rows: NotificationKindSetting[]) => (
    <ul className="notify-list">
      {rows.map((row) => (
        <li key={row.kind}>
          <fieldset className="notify-kind">
            <legend>{kindName(row.kind)}</legend>
            <div className="notify-switches">
              {owned.map((channel) => {
                const pending = notifications.isPending(row.kind, channel);
                return (
                  <label key={channel} className="notify-switch">
                    <input
                      type="checkbox"
                      role="switch"
                      checked={row[channel]}
                      disabled={row.locked}
                      // Held, not disabled, while saving: a disabled control would drop the keyboard focus.
                      aria-disabled={pending || undefined}
                      aria-describedby={row.locked ? 'notify-locked-note' : undefined}
                      onChange={(event) => {
                        if (!pending) void choose(row, channel, event.target.checked);
                      }}
                    />
                    <span>{channelName(channel)}</span>
                  </label>
                );
              })}
            </div>
            {failure?.kind === row.kind && <FormAlert text={failure.text} kind="error" />}
          </fieldset>
        </li>
      ))}
    </ul>
  );

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page notify-page" aria-busy={loading}>
        <p className="page-intro">{t('notifications.intro')}</p>
        {loading && (
          <p className="inline-status" role="status">
            {t('app.loading')}
          </p>
        )}
        {settings.status === 'error' && (
          <LoadFailed
            text={reasonOf(settings.message, settings.error)}
            reference={settings.reference}
            onRetry={() => void settings.load()}
          />
        )}
        {ready && missing.length > 0 && (
          <ul className="notify-missing">
            {missing.map((channel) => {
              const { textKey, link } = MISSING[channel];
              return (
                <li key={channel}>
                  <span>{t(textKey)}</span>
                  {link && <Link to={link.to}>{t(link.key)}</Link>}
                </li>
              );
            })}
          </ul>
        )}
        {ready && owned.length === 0 && <p className="inline-status">{t('notifications.noChannel')}</p>}
        {ready && owned.length > 0 && (
          <>
            <section className="notify-section" aria-labelledby="notify-choose-title">
              <h2 id="notify-choose-title">{t('notifications.chooseTitle')}</h2>
              {kindList(kinds.filter((row) => !row.locked))}
            </section>
            <section className="notify-section" aria-labelledby="notify-always-title">
              <h2 id="notify-always-title">{t('notifications.alwaysTitle')}</h2>
              <p id="notify-locked-note" className="notify-note">
                {t('notifications.lockedNote')}
              </p>
              {kindList(kinds.filter((row) => row.locked))}
            </section>
          </>
        )}
      </main>
    </>
  );
});
