// The one table of what works where: which sign-in and which payment methods each container
// offers. The app draws its sign-in and pay buttons from it, the server refuses any other
// method/scene pair (PAY_METHOD_UNAVAILABLE), and README's matrix is printed from it (a unit
// test keeps the two equal). Pure data: the server imports it too, hence contract/.
import type { PayMethod } from './api';

/** Where the page runs, decided once at start by detect.ts (docs/architecture.md#bridges). */
export type Container =
  | 'wechat'
  | 'wechat-desktop'
  | 'wechat-miniprogram'
  | 'wecom'
  | 'alipay'
  | 'alipay-miniprogram'
  | 'alipay-hk'
  | 'browser';

export const CONTAINERS: readonly Container[] = [
  'wechat',
  'wechat-desktop',
  'wechat-miniprogram',
  'wecom',
  'alipay',
  'alipay-miniprogram',
  'alipay-hk',
  'browser',
];

/** How a customer signs in here besides e-mail and password, which works everywhere. */
export type SignIn =
  /** WeChat web authorization: silent snsapi_base for a linked account, snsapi_userinfo the first time. */
  | 'wechat-oauth'
  /** AlipayJSBridge getAuthCode inside the Alipay app. */
  | 'alipay-auth-code'
  /** A one-time ticket the mini-program puts in the web view's URL. */
  | 'mini-program-ticket'
  | 'email';

/**
 * Where and how a payment runs; the server knows the same names.
 * jsapi: WeChat's in-app sheet. native: a QR code of WeChat Pay's code_url, scanned with a phone.
 * h5: WeChat Pay's mobile-browser (MWEB) cashier. miniprogram: the mini-program's own pay page.
 * app: Alipay's tradePay. wap / page: Alipay's phone / computer cashier. alipayplus: the
 * Alipay+ cashier (AlipayHK). card: the card gateway's token.
 */
export type PayScene = 'jsapi' | 'native' | 'h5' | 'miniprogram' | 'app' | 'wap' | 'page' | 'alipayplus' | 'card';

export const PAY_SCENES: readonly PayScene[] = [
  'jsapi',
  'native',
  'h5',
  'miniprogram',
  'app',
  'wap',
  'page',
  'alipayplus',
  'card',
];

/** A method that cannot run here, and what the screen offers instead. */
export type Instead =
  /** A one-time link that continues this payment in the phone's browser. */
  | 'handoff'
  /** "Open in WeChat": a copy-link button and the hand-off link (WeChat Pay H5 is off). */
  | 'open-in-wechat'
  /** Words only: this method has no way in from here. */
  | 'explain';

export type PayWay = { method: PayMethod; scene: PayScene } | { method: PayMethod; instead: Instead };

export interface MatrixRow {
  signIn: SignIn;
  /** In the order the screen shows them. */
  pay: PayWay[];
}

/** What else decides a row: a browser on a computer pays differently, and H5 needs the merchant's contract. */
export interface MatrixOptions {
  desktop: boolean;
  /** WECHAT_H5_PAY=on: the merchant has WeChat Pay's H5 payment. */
  wechatH5: boolean;
}

const card: PayWay = { method: 'card', scene: 'card' };

export function matrixRow(container: Container, options: MatrixOptions): MatrixRow {
  switch (container) {
    case 'wechat':
      return {
        signIn: 'wechat-oauth',
        pay: [{ method: 'wechat', scene: 'jsapi' }, card, { method: 'alipay', instead: 'handoff' }],
      };
    case 'wechat-desktop':
      return {
        signIn: 'wechat-oauth',
        pay: [{ method: 'wechat', scene: 'native' }, card, { method: 'alipay', instead: 'handoff' }],
      };
    case 'wechat-miniprogram':
      return { signIn: 'mini-program-ticket', pay: [{ method: 'wechat', scene: 'miniprogram' }] };
    case 'wecom':
      return {
        signIn: 'email',
        pay: [card, { method: 'wechat', instead: 'handoff' }, { method: 'alipay', instead: 'handoff' }],
      };
    case 'alipay':
      return {
        signIn: 'alipay-auth-code',
        pay: [{ method: 'alipay', scene: 'app' }, card, { method: 'wechat', instead: 'explain' }],
      };
    case 'alipay-miniprogram':
      return { signIn: 'mini-program-ticket', pay: [{ method: 'alipay', scene: 'miniprogram' }] };
    case 'alipay-hk':
      return {
        signIn: 'email',
        pay: [{ method: 'alipay', scene: 'alipayplus' }, card, { method: 'wechat', instead: 'explain' }],
      };
    case 'browser':
      if (options.desktop)
        return {
          signIn: 'email',
          pay: [card, { method: 'alipay', scene: 'page' }, { method: 'wechat', scene: 'native' }],
        };
      return {
        signIn: 'email',
        pay: [
          card,
          { method: 'alipay', scene: 'wap' },
          options.wechatH5 ? { method: 'wechat', scene: 'h5' } : { method: 'wechat', instead: 'open-in-wechat' },
        ],
      };
  }
}

export const isRunnable = (way: PayWay): way is { method: PayMethod; scene: PayScene } => 'scene' in way;

/**
 * The server's check. A browser may be a phone or a computer (an iPad says Macintosh), so
 * either browser row's scenes are accepted there; every other container is known from its UA.
 */
export function sceneAllowed(
  container: Container,
  method: PayMethod,
  scene: string,
  options: Pick<MatrixOptions, 'wechatH5'>,
): boolean {
  const rows =
    container === 'browser'
      ? [matrixRow(container, { ...options, desktop: false }), matrixRow(container, { ...options, desktop: true })]
      : [matrixRow(container, { ...options, desktop: false })];
  return rows.some((row) => row.pay.some((way) => isRunnable(way) && way.method === method && way.scene === scene));
}

/**
 * The mini-program web views are told apart from their apps by `window` as well as the UA; the
 * server takes the page's word for that refinement only, never for another app.
 */
export function refineContainer(fromUserAgent: Container, claimed: string | undefined): Container {
  if (fromUserAgent === 'wechat' && claimed === 'wechat-miniprogram') return claimed;
  if (fromUserAgent === 'alipay' && claimed === 'alipay-miniprogram') return claimed;
  return fromUserAgent;
}

const SIGN_IN_WORDS: Record<SignIn, string> = {
  'wechat-oauth': 'WeChat authorization (silent `snsapi_base` when linked, `snsapi_userinfo` the first time)',
  'alipay-auth-code': 'Alipay auth code (`getAuthCode`)',
  'mini-program-ticket': 'one-time ticket from the mini-program in the web view URL',
  email: 'e-mail and password',
};

const SCENE_WORDS: Record<PayScene, string> = {
  jsapi: 'WeChat Pay JSAPI',
  native: 'WeChat Pay Native QR (scan with a phone)',
  h5: 'WeChat Pay H5',
  miniprogram: "on the mini-program's pay page",
  app: 'Alipay `tradePay`',
  wap: 'Alipay mobile-web cashier',
  page: 'Alipay page cashier',
  alipayplus: 'AlipayHK through the Alipay+ cashier',
  card: 'card',
};

const INSTEAD_WORDS: Record<Instead, string> = {
  handoff: 'through a one-time hand-off link',
  'open-in-wechat': '"open in WeChat" (copy link, hand-off link)',
  explain: 'not here, explained',
};

const METHOD_WORDS: Record<PayMethod, string> = { wechat: 'WeChat Pay', alipay: 'Alipay', card: 'card' };

function payWords(way: PayWay): string {
  if (isRunnable(way))
    return way.scene === 'miniprogram'
      ? `${METHOD_WORDS[way.method]} ${SCENE_WORDS.miniprogram}`
      : SCENE_WORDS[way.scene];
  const where =
    way.instead === 'handoff' ? (way.method === 'wechat' ? ' (opened in WeChat)' : ' (opened in a browser)') : '';
  return `${METHOD_WORDS[way.method]} ${INSTEAD_WORDS[way.instead]}${where}`;
}

/** README's table, printed from the rows above. */
export function matrixMarkdown(): string {
  const lines = ['| Container | Sign-in | Payment, in the order offered |', '|---|---|---|'];
  for (const container of CONTAINERS) {
    const variants: [string, MatrixOptions][] =
      container === 'browser'
        ? [
            ['`browser` (phone, `WECHAT_H5_PAY=on`)', { desktop: false, wechatH5: true }],
            ['`browser` (phone)', { desktop: false, wechatH5: false }],
            ['`browser` (computer)', { desktop: true, wechatH5: false }],
          ]
        : [[`\`${container}\``, { desktop: false, wechatH5: false }]];
    for (const [label, options] of variants) {
      const row = matrixRow(container, options);
      lines.push(`| ${label} | ${SIGN_IN_WORDS[row.signIn]} | ${row.pay.map(payWords).join('; ')} |`);
    }
  }
  return lines.join('\n');
}
