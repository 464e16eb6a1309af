import type { Config } from '../../config.js';
import type { Transports } from '../outbox.js';
import { outboxMail } from './outbox-mail.js';
import { smtpMail } from './smtp-mail.js';
import { httpSms, outboxSms } from './sms-provider.js';
import { liveWechatMessenger, sandboxWechatMessenger } from './wechat-messenger.js';

/** How the outbox's messages leave: SMTP, the SMS gateway, WeChat; or, in development, they stay. */
export function createTransports(config: Config): Transports {
  return {
    mail: config.SMTP_URL ? smtpMail(config.SMTP_URL, config.MAIL_FROM) : outboxMail(),
    sms: config.SMS_GATEWAY_URL ? httpSms(config.SMS_GATEWAY_URL, config.SMS_API_KEY) : outboxSms(),
    wechat:
      config.WECHAT_MODE === 'live' && config.WECHAT_NOTIFY_TEMPLATE_ID
        ? liveWechatMessenger({
            appId: config.WECHAT_APP_ID,
            secret: config.WECHAT_APP_SECRET,
            apiBase: config.WECHAT_API_BASE,
            templateId: config.WECHAT_NOTIFY_TEMPLATE_ID,
            url: `${config.PUBLIC_URL.replace(/\/+$/, '')}/h5/pages/user/index`,
          })
        : config.WECHAT_MODE === 'live'
          ? // A live official account with no template: WeChat is not a channel here, and the row says so.
            { kind: 'wechat-off', send: () => Promise.resolve() }
          : sandboxWechatMessenger(),
  };
}
