import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { MailProvider } from './mail/mail-provider.js';
import { outboxMail } from './mail/outbox-mail.js';
import { smtpMail } from './mail/smtp-mail.js';
import { alipayOAuth } from './oauth/alipay-oauth.js';
import type { OAuthPlatform, OAuthProvider } from './oauth/oauth-provider.js';
import { sandboxOAuth } from './oauth/sandbox-oauth.js';
import { wechatOAuth } from './oauth/wechat-oauth.js';

export function createMailProvider(config: Config, db: Database): MailProvider {
  return config.SMTP_URL ? smtpMail(config.SMTP_URL, config.MAIL_FROM) : outboxMail(db);
}

export function createOAuthProviders(config: Config, db: Database): Record<OAuthPlatform, OAuthProvider> {
  return {
    wechat:
      config.WECHAT_MODE === 'live'
        ? wechatOAuth({ appId: config.WECHAT_APP_ID, secret: config.WECHAT_APP_SECRET, apiBase: config.WECHAT_API_BASE })
        : sandboxOAuth(db, 'wechat'),
    alipay:
      config.ALIPAY_MODE === 'live'
        ? alipayOAuth({
            appId: config.ALIPAY_APP_ID,
            privateKey: config.ALIPAY_PRIVATE_KEY,
            alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
            gateway: config.ALIPAY_GATEWAY,
          })
        : sandboxOAuth(db, 'alipay'),
  };
}
