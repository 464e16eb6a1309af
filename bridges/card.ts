// The card gateway's token.js: the card number goes only to the gateway's script (and its
// token service), which hands back a single-use token; /api sees the token alone.

export interface GatewayCard {
  cardno: string;
  /** YYMM. */
  expire: string;
  securitycode: string;
  holdername: string;
  tokennumber: string;
}

export interface TokenResult {
  resultCode: string;
  tokenObject?: { token?: string[]; maskedCardNo?: string; toBeExpiredAt?: string };
}

interface Multipayment {
  init(shopId: string): void;
  getToken(card: GatewayCard, callback: string | ((result: TokenResult) => void)): void;
}

declare global {
  interface Window {
    Multipayment?: Multipayment;
    [callbackName: `__cardToken${number}`]: ((result: TokenResult) => void) | undefined;
  }
}

let loading: Promise<Multipayment> | null = null;

export function loadTokenScript(url: string): Promise<Multipayment> {
  if (window.Multipayment) return Promise.resolve(window.Multipayment);
  loading ??= new Promise<Multipayment>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () =>
      window.Multipayment ? resolve(window.Multipayment) : reject(new Error('token.js loaded without Multipayment'));
    script.onerror = () => {
      loading = null;
      reject(new Error('token.js failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

let sequence = 0;

/** Multipayment.init then getToken; the real script calls back a global function by name. */
export async function getCardToken(scriptUrl: string, shopId: string, card: GatewayCard): Promise<TokenResult> {
  const gateway = await loadTokenScript(scriptUrl);
  gateway.init(shopId);
  return new Promise((resolve) => {
    const name = `__cardToken${++sequence}` as const;
    window[name] = (result: TokenResult) => {
      window[name] = undefined;
      resolve(result);
    };
    gateway.getToken(card, name);
  });
}
