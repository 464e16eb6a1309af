import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PAY_METHODS, type PayMethod } from '../contract/api.js';
import type { Brand } from '../contract/brand.js';
import { loadBrand } from './brand.js';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Loopback by default, as Vite does: a development server is not for the whole network. */
  HOST: z.string().min(1).default('127.0.0.1'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * A staging site's explicit consent to run stand-in providers in production mode; every
   * page then shows a test-mode ribbon.
   */
  SANDBOX: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Prometheus metrics (docs/operations.md#metrics) are never public. A token of 16 or more
   * characters serves /metrics on the main port to `Authorization: Bearer <token>` only; empty:
   * /metrics there is a 404 like any unknown path.
   */
  METRICS_TOKEN: z.union([z.literal(''), z.string().min(16, 'must be at least 16 characters')]).default(''),
  /** A listener of its own for /metrics, without a token (unset: none); on METRICS_HOST. */
  METRICS_PORT: z
    .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(0).max(65535)])
    .optional(),
  /** Loopback by default: whatever scrapes it runs beside the process or reaches it through its own network. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  STATIC_DIR: z.string().min(1).default('./dist/h5'),
  /** The built page renderer; empty: public pages are drawn in the browser only. */
  SSR_BUNDLE: z.string().default('./dist/ssr/render-page.js'),
  /** Where links in e-mails point; defaults to this server on localhost. */
  PUBLIC_URL: z.url().optional(),
  /** smtp://user:pass@host:587 or smtps://...; unset keeps mail in the development outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** An HTTP SMS gateway (POST {to, text}, bearer key); unset keeps SMS in the development outbox. */
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_API_KEY: z.string().default(''),
  /** The From of every mail; unset: the brand's (BRAND_FILE's mailFrom). */
  MAIL_FROM: z.string().min(3).optional(),
  /** The operator's brand: a JSON file in contract/brand.ts's shape; unset: an invented example brand. */
  BRAND_FILE: z.string().min(1).optional(),
  /** base64 of 32 random bytes: the AES-256 key for identity documents at rest. */
  DOCUMENT_KEY: z.string().optional(),
  /**
   * Keys DOCUMENT_KEY replaced, comma-separated, each like DOCUMENT_KEY: they only open what
   * they sealed until the rotation job has sealed it again with DOCUMENT_KEY (docs/operations.md).
   */
  DOCUMENT_KEY_PREVIOUS: z.string().default(''),
  /**
   * Object storage for identity documents (still encrypted with DOCUMENT_KEY before they
   * leave) and the usage-file inbox. An empty bucket keeps both on local disk under DATA_DIR.
   */
  S3_BUCKET: z.string().default(''),
  /** An S3-compatible endpoint (MinIO, R2, ...); empty: AWS's own endpoint for S3_REGION. */
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('ap-northeast-1'),
  /** Both or neither; neither: the AWS SDK's own chain (AWS_* variables, an instance role). */
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Bucket in the path rather than the host name; unset: on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
  /** Where documents go in the bucket. */
  S3_PREFIX: z
    .string()
    .default('documents/')
    .transform((v) => (v === '' || v.endsWith('/') ? v : `${v}/`)),
  /** Usage files waiting to be imported (local disk); unset: DATA_DIR/usage-inbox. */
  USAGE_INBOX_DIR: z.string().min(1).optional(),
  /** Usage files waiting to be imported (object storage); done ones move to processed/ or failed/ beside it. */
  USAGE_INBOX_PREFIX: z
    .string()
    .regex(/^[^/]/, 'must be a prefix such as usage/incoming/ (not empty, no leading /)')
    .default('usage/incoming/')
    .transform((v) => (v.endsWith('/') ? v : `${v}/`)),
  /** How long a placed order may wait for payment ("Pay within"). */
  PAY_WITHIN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  WECHAT_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  WECHAT_APP_ID: z.string().min(1).default('wx-sandbox-app'),
  WECHAT_APP_SECRET: z.string().default(''),
  /** The page customers are sent to for consent; the sandbox one is served by this server. */
  WECHAT_AUTHORIZE_URL: z.string().min(1).default('/sandbox/wechat/authorize'),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  /**
   * WeChat Pay's H5 (MWEB) payment in a phone browser. WeChat opens it only to some overseas
   * merchants, so it is off unless the merchant has it; a phone browser then offers "open in WeChat".
   */
  WECHAT_H5_PAY: z.enum(['on', 'off']).default('off'),
  /** The WeChat mini-program whose web view opens this app (sign-in ticket, its pay page). */
  WECHAT_MINIPROGRAM_APP_ID: z.string().min(1).default('wx-sandbox-miniprogram'),
  WECHAT_MINIPROGRAM_SECRET: z.string().default(''),
  /**
   * The official account's template for WeChat notifications (fields first, keyword1,
   * remark); empty in live mode: no WeChat channel. The sandbox keeps them in the outbox.
   */
  WECHAT_NOTIFY_TEMPLATE_ID: z.string().default(''),
  /**
   * `on`: this server process also runs the background jobs (npm start); `off`: it only
   * queues them, for deployments that run `npm run worker` apart.
   */
  WORKERS: z.enum(['on', 'off']).default('on'),
  /**
   * Seconds after a payment attempt opened at which a worker asks its provider how it went,
   * if no notification settled it; after the last, an attempt still pending is closed.
   */
  RECONCILE_AFTER_SECONDS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be seconds separated by commas, e.g. 60,300,900,3600')
    .default('60,300,900,3600'),
  /** How long after a customer pays at a sandbox cashier its notification is sent (default 2000; 0 in tests). */
  SANDBOX_NOTIFY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * Data plans may still be verified by document photos (contract/identity-rules.ts);
   * `off`: data plans use what voice plans use (IC chip, JPKI, counter).
   */
  KYC_PHOTO_FOR_DATA: z.enum(['on', 'off']).default('on'),
  /** The eKYC provider for IC chip and JPKI checks; the sandbox one is served by this server. */
  EKYC_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  /** The provider's API (live): verifications are created there with the bearer token. */
  EKYC_API_BASE: z.url().default('https://api.trustdock.io/v2'),
  EKYC_API_TOKEN: z.string().default(''),
  /** The secret its webhooks are signed with (HMAC-SHA256 over `timestamp.body`). */
  EKYC_WEBHOOK_SECRET: z.string().default(''),
  /** eSIM delivery's fee on an order, yen excluding tax (0: none). */
  ESIM_FEE: z.coerce.number().int().min(0).max(100_000).default(0),
  /** A new eSIM profile for a line (new phone, deleted profile), yen excluding tax (0: free). */
  ESIM_REISSUE_FEE: z.coerce.number().int().min(0).max(100_000).default(500),
  /** Staff are told when profiles in stock fall to this many or fewer. */
  ESIM_STOCK_LOW: z.coerce.number().int().min(0).max(100_000).default(20),
  /** Where the low-stock mail goes ('' for the console's banner only). */
  ESIM_STOCK_ALERT_TO: z.union([z.literal(''), z.email()]).default(''),
  /** The carrier's eSIM platform; the sandbox one is served by this server. */
  ESIM_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  /** The carrier's API (live): profiles reserved, released and asked about with the bearer token. */
  ESIM_API_BASE: z.url().default('https://esim-api.carrier.example/v1'),
  ESIM_API_TOKEN: z.string().default(''),
  /** The secret its install notices are signed with (HMAC-SHA256 over `timestamp.body`). */
  ESIM_WEBHOOK_SECRET: z.string().default(''),
  /** A paused line's monthly fee for keeping its number, yen excluding tax (contract/lifecycle-rules.ts). */
  KEEP_NUMBER_FEE: z.coerce.number().int().min(0).max(100_000).default(300),
  /** A new SIM or eSIM for a lost or stolen one, yen excluding tax (0: free). */
  SIM_REPLACEMENT_FEE: z.coerce.number().int().min(0).max(100_000).default(2000),
  /** Added to a cancellation's final bill, yen excluding tax (0: none). */
  CANCELLATION_FEE: z.coerce.number().int().min(0).max(100_000).default(0),
  /** The carrier's line platform (suspend, resume, SIM swap, end, MNP); the sandbox one is played by this server. */
  LINE_PLATFORM_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  LINE_API_BASE: z.url().default('https://mvno-api.carrier.example/v1'),
  LINE_API_TOKEN: z.string().default(''),
  /** Verification records and documents are kept this many years after the contract ends. */
  IDENTITY_RETENTION_YEARS: z.coerce.number().int().min(1).max(20).default(3),
  /** Documents of an order abandoned before payment are deleted after this many days. */
  ABANDONED_DOCUMENT_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** The sweep that finds due work runs every minute by the Tokyo cron; below 60, also this often (tests). */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(60).default(60),
  /** The Alipay mini-program's app ID; its sign-in uses the Alipay keys above. */
  ALIPAY_MINIPROGRAM_APP_ID: z.string().default(''),
  /** Comma-separated methods this deployment offers. */
  PAYMENT_METHODS: z
    .string()
    .default('wechat,alipay,card')
    .transform((v) =>
      v
        .split(',')
        .map((m) => m.trim())
        .filter((m): m is PayMethod => (PAY_METHODS as readonly string[]).includes(m)),
    ),
  WECHAT_PAY_MCHID: z.string().default(''),
  WECHAT_PAY_SERIAL: z.string().default(''),
  WECHAT_PAY_PRIVATE_KEY: z.string().default(''),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: z.string().default(''),
  WECHAT_PAY_API_V3_KEY: z.string().default(''),
  WECHAT_PAY_API_BASE: z.url().default('https://api.mch.weixin.qq.com'),
  GMO_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  GMO_SHOP_ID: z.string().default(''),
  GMO_SHOP_PASS: z.string().default(''),
  GMO_API_BASE: z.url().default('https://p01.mul-pay.jp'),
  /** The site (member registration) of the shop: cards kept at the gateway for automatic top-up. */
  GMO_SITE_ID: z.string().default(''),
  GMO_SITE_PASS: z.string().default(''),
  /** The gateway's token script; the sandbox serves one with the same Multipayment API. */
  GMO_TOKEN_SCRIPT_URL: z.string().min(1).default('/sandbox/gmo/token.js'),
  ALIPAY_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  ALIPAY_APP_ID: z.string().default(''),
  ALIPAY_PRIVATE_KEY: z.string().default(''),
  ALIPAY_PUBLIC_KEY: z.string().default(''),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
});

/** Every variable the configuration reads (docs/operations.md lists each; a test checks). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

export type Config = Omit<
  z.infer<typeof schema>,
  'PUBLIC_URL' | 'SSR_BUNDLE' | 'S3_FORCE_PATH_STYLE' | 'USAGE_INBOX_DIR' | 'MAIL_FROM'
> & {
  /** The operator's name and details (BRAND_FILE), for everything customers and staff read. */
  BRAND: Brand;
  MAIL_FROM: string;
  PUBLIC_URL: string;
  SSR_BUNDLE: string | null;
  S3_FORCE_PATH_STYLE: boolean;
  USAGE_INBOX_DIR: string;
};

type Parsed = z.infer<typeof schema>;

/**
 * What still runs as a stand-in, each with the variables that replace it. Production must
 * not: a sandbox sign-in accepts any identity it is told, a sandbox gateway takes no money,
 * and an outbox keeps codes that reach nobody.
 */
export function standIns(
  config: Pick<
    Parsed,
    | 'GMO_MODE'
    | 'WECHAT_MODE'
    | 'ALIPAY_MODE'
    | 'SMS_GATEWAY_URL'
    | 'SMTP_URL'
    | 'WECHAT_AUTHORIZE_URL'
    | 'GMO_TOKEN_SCRIPT_URL'
    | 'EKYC_MODE'
    | 'ESIM_MODE'
    | 'LINE_PLATFORM_MODE'
  >,
): string[] {
  const found: string[] = [];
  if (config.GMO_MODE !== 'live')
    found.push('card payments: GMO_MODE=live with GMO_SHOP_ID, GMO_SHOP_PASS and GMO_TOKEN_SCRIPT_URL');
  else if (config.GMO_TOKEN_SCRIPT_URL.startsWith('/sandbox/'))
    found.push("card token script: GMO_TOKEN_SCRIPT_URL (the gateway's token.js)");
  if (config.WECHAT_MODE !== 'live') {
    found.push(
      'WeChat sign-in and WeChat Pay: WECHAT_MODE=live with WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_AUTHORIZE_URL, WECHAT_PAY_MCHID, WECHAT_PAY_SERIAL, WECHAT_PAY_PRIVATE_KEY, WECHAT_PAY_PLATFORM_PUBLIC_KEY and WECHAT_PAY_API_V3_KEY',
    );
  } else if (config.WECHAT_AUTHORIZE_URL.startsWith('/sandbox/'))
    found.push("WeChat consent page: WECHAT_AUTHORIZE_URL (WeChat's authorize URL)");
  if (config.ALIPAY_MODE !== 'live')
    found.push(
      'Alipay sign-in and payments: ALIPAY_MODE=live with ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY',
    );
  if (config.EKYC_MODE !== 'live')
    found.push(
      'identity checks (IC chip, JPKI): EKYC_MODE=live with EKYC_API_BASE, EKYC_API_TOKEN and EKYC_WEBHOOK_SECRET',
    );
  if (config.ESIM_MODE !== 'live')
    found.push(
      "eSIM profiles: ESIM_MODE=live with ESIM_API_BASE, ESIM_API_TOKEN and ESIM_WEBHOOK_SECRET (the carrier's platform)",
    );
  if (config.LINE_PLATFORM_MODE !== 'live')
    found.push(
      "the carrier's line platform (suspend, SIM swap, MNP): LINE_PLATFORM_MODE=live with LINE_API_BASE and LINE_API_TOKEN",
    );
  if (!config.SMS_GATEWAY_URL) found.push('SMS (now kept in the development outbox): SMS_GATEWAY_URL and SMS_API_KEY');
  if (!config.SMTP_URL) found.push('mail (now kept in the development outbox): SMTP_URL');
  return found;
}

/** Whether DOCUMENT_KEY opens documents: base64 of exactly 32 bytes, nothing else. */
export function documentKeyProblem(value: string | undefined): 'missing' | 'malformed' | null {
  const key = value?.trim() ?? '';
  if (!key) return 'missing';
  // Buffer's decoder skips what is not base64, so the text itself is checked first.
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(key) && Buffer.from(key, 'base64').length === 32 ? null : 'malformed';
}

/**
 * DOCUMENT_KEY_PREVIOUS: comma-separated keys, each checked as DOCUMENT_KEY is. The message
 * names the position of a bad one, never its value.
 */
export function previousKeysProblem(value: string | undefined, current: string | undefined): string | null {
  const items = (value ?? '').split(',').map((v) => v.trim());
  if (items.every((v) => v === '')) return null;
  if (documentKeyProblem(current) !== null)
    return 'DOCUMENT_KEY_PREVIOUS needs DOCUMENT_KEY set: the key documents are re-encrypted with';
  for (const [index, item] of items.entries()) {
    if (documentKeyProblem(item) !== null)
      return `DOCUMENT_KEY_PREVIOUS: key ${index + 1} of ${items.length} is not base64 of 32 bytes`;
    if (Buffer.from(item, 'base64').equals(Buffer.from(current!.trim(), 'base64')))
      return `DOCUMENT_KEY_PREVIOUS: key ${index + 1} of ${items.length} is DOCUMENT_KEY itself`;
  }
  return null;
}

const RIBBON_HINT =
  'A staging site that means to run stand-ins sets SANDBOX=1 (every page then shows a test-mode ribbon).';

/**
 * Production with a stand-in provider (and without SANDBOX=1), or without a usable document
 * key (with SANDBOX=1 too: production never makes up a key of its own): the message that
 * stops the server, naming everything to set at once, before anything is opened or built.
 */
export function productionRefusal(config: Parsed | Config): string | null {
  if (config.NODE_ENV !== 'production') return null;
  const found = config.SANDBOX ? [] : standIns(config);
  const providers = found.length > 0;
  const key = documentKeyProblem(config.DOCUMENT_KEY);
  if (key) found.push(`identity documents at rest: DOCUMENT_KEY (base64 of 32 random bytes; now ${key})`);
  if (found.length === 0) return null;
  return [
    `Refusing to start: NODE_ENV=production but ${providers ? 'these providers are stand-ins' : 'a setting is missing or unusable'}. Set:`,
    ...found.map((line) => `  - ${line}`),
    ...(providers ? [RIBBON_HINT] : []),
  ].join('\n');
}

/** Reads and validates the environment once; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const data = parsed.data;
  const refusal = productionRefusal(data);
  if (refusal) throw new Error(refusal);
  if (data.WECHAT_MODE === 'live' && !data.WECHAT_APP_SECRET) {
    throw new Error('Invalid configuration: WECHAT_APP_SECRET is required when WECHAT_MODE=live');
  }
  if (data.GMO_MODE === 'live' && !(data.GMO_SHOP_ID && data.GMO_SHOP_PASS)) {
    throw new Error('Invalid configuration: GMO_SHOP_ID and GMO_SHOP_PASS are required when GMO_MODE=live');
  }
  if (
    data.WECHAT_MODE === 'live' &&
    !(
      data.WECHAT_PAY_MCHID &&
      data.WECHAT_PAY_PRIVATE_KEY &&
      data.WECHAT_PAY_PLATFORM_PUBLIC_KEY &&
      data.WECHAT_PAY_API_V3_KEY
    )
  ) {
    throw new Error(
      'Invalid configuration: WECHAT_PAY_MCHID, WECHAT_PAY_PRIVATE_KEY, WECHAT_PAY_PLATFORM_PUBLIC_KEY and WECHAT_PAY_API_V3_KEY are required when WECHAT_MODE=live',
    );
  }
  if (data.ALIPAY_MODE === 'live' && !(data.ALIPAY_APP_ID && data.ALIPAY_PRIVATE_KEY && data.ALIPAY_PUBLIC_KEY)) {
    throw new Error(
      'Invalid configuration: ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY are required when ALIPAY_MODE=live',
    );
  }
  if (data.EKYC_MODE === 'live' && !(data.EKYC_API_TOKEN && data.EKYC_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration: EKYC_API_TOKEN and EKYC_WEBHOOK_SECRET are required when EKYC_MODE=live');
  }
  if (data.ESIM_MODE === 'live' && !(data.ESIM_API_TOKEN && data.ESIM_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration: ESIM_API_TOKEN and ESIM_WEBHOOK_SECRET are required when ESIM_MODE=live');
  }
  if (data.LINE_PLATFORM_MODE === 'live' && !data.LINE_API_TOKEN) {
    throw new Error('Invalid configuration: LINE_API_TOKEN is required when LINE_PLATFORM_MODE=live');
  }
  if (Boolean(data.S3_ACCESS_KEY_ID) !== Boolean(data.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  // A key generated into DATA_DIR would sit on one machine while the documents it opens sit in
  // a bucket shared by every instance: losing ./data would make them all unreadable.
  if (documentKeyProblem(data.DOCUMENT_KEY) === 'malformed') {
    throw new Error('Invalid configuration: DOCUMENT_KEY must be base64 of 32 random bytes');
  }
  const previous = previousKeysProblem(data.DOCUMENT_KEY_PREVIOUS, data.DOCUMENT_KEY);
  if (previous) throw new Error(`Invalid configuration: ${previous}`);
  if (data.S3_BUCKET && !data.DOCUMENT_KEY) {
    throw new Error('Invalid configuration: DOCUMENT_KEY is required when S3_BUCKET is set');
  }
  const brand = loadBrand(data.BRAND_FILE);
  return {
    ...data,
    BRAND: brand,
    MAIL_FROM: data.MAIL_FROM ?? brand.mailFrom,
    PUBLIC_URL: (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/$/, ''),
    DATA_DIR: resolve(parsed.data.DATA_DIR),
    S3_FORCE_PATH_STYLE: data.S3_FORCE_PATH_STYLE ?? Boolean(data.S3_ENDPOINT),
    USAGE_INBOX_DIR: resolve(data.USAGE_INBOX_DIR ?? join(data.DATA_DIR, 'usage-inbox')),
    STATIC_DIR: resolve(parsed.data.STATIC_DIR),
    SSR_BUNDLE: parsed.data.SSR_BUNDLE ? resolve(parsed.data.SSR_BUNDLE) : null,
  };
}

/** RECONCILE_AFTER_SECONDS as numbers, ascending. */
export const reconcileSchedule = (config: Pick<Config, 'RECONCILE_AFTER_SECONDS'>): number[] =>
  config.RECONCILE_AFTER_SECONDS.split(',')
    .map(Number)
    .sort((a, b) => a - b);

/** A sandbox cashier notifies 2 s after payment, as a real provider notifies a moment later; tests need no wait. */
export const sandboxNotifyDelay = (config: Pick<Config, 'SANDBOX_NOTIFY_DELAY_MS' | 'NODE_ENV'>): number =>
  config.SANDBOX_NOTIFY_DELAY_MS ?? (config.NODE_ENV === 'test' ? 0 : 2000);

/** For the processes' entry points: a configuration refusal is a message for whoever deploys, not a crash. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/** Whether the sandbox stand-ins' own pages may be served: in development, and in production only on a staging site that said SANDBOX=1. */
export const standInsAllowed = (config: Pick<Config, 'NODE_ENV' | 'SANDBOX'>): boolean =>
  config.NODE_ENV !== 'production' || config.SANDBOX;
