import type { FastifyInstance } from 'fastify';
import type { AppConfig, Lang } from '../../../contract/api.js';
import { TAX_RATE_PERCENT } from '../../../contract/pricing.js';
import { appConfigSchema } from '../../../contract/views.js';
import { ok, replies } from '../../lib/envelope.js';
import { frozen } from '../../lib/reply-serializer.js';
import { withContract } from '../../lib/validate.js';
import { SANDBOX_GMO_SHOP_ID } from '../../payments/index.js';

const FREE_APPS = 22;

export async function commonRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  // Everything here is settled at start; only the envelope's time changes per request.
  const configFor = (lang: Lang): AppConfig => ({
    siteName: app.config.BRAND.name[lang],
    oauth: { wechatAppId: app.config.WECHAT_APP_ID, wechatAuthorizeUrl: app.config.WECHAT_AUTHORIZE_URL },
    payment: {
      methods: app.config.PAYMENT_METHODS,
      tokenScriptUrl: app.config.GMO_TOKEN_SCRIPT_URL,
      shopId: app.config.GMO_MODE === 'live' ? app.config.GMO_SHOP_ID : SANDBOX_GMO_SHOP_ID,
      standInBridgeUrl:
        app.config.WECHAT_MODE === 'sandbox' || app.config.ALIPAY_MODE === 'sandbox' ? '/sandbox/bridge.js' : null,
      wechatH5: app.config.WECHAT_H5_PAY === 'on',
      scenes: [...new Set(app.config.PAYMENT_METHODS.flatMap((m) => app.payments[m].scenes))],
    },
    taxRatePercent: TAX_RATE_PERCENT,
    freeApps: FREE_APPS,
    // The operator's own (BRAND_FILE): the app shows these on the help and contact pages.
    serviceHours: { timeZone: 'Asia/Tokyo', ...app.config.BRAND.serviceHours },
    contact: { ...app.config.BRAND.contact },
    identity: { photoForData: app.config.KYC_PHOTO_FOR_DATA === 'on' },
    esim: { fee: app.config.ESIM_FEE, reissueFee: app.config.ESIM_REISSUE_FEE },
  });
  const configs: Record<Lang, AppConfig> = { cn: frozen(configFor('cn')), ja: frozen(configFor('ja')) };

  app.get('/api/common/init', { schema: { response: replies(appConfigSchema) } }, async (request) =>
    ok(request.lang, configs[request.lang]),
  );
}
