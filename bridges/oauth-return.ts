// WeChat OAuth codes are single use: once exchanged, the code and state leave the address
// bar (docs/architecture.md#bridges), so Back, reload or a shared link never replays them.

export interface OAuthReturn {
  code: string;
  state: string;
}

export function readOAuthReturn(): OAuthReturn | null {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');
  const state = params.get('state');
  return code && state !== null ? { code, state } : null;
}

export function stripOAuthReturn(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  // The consent URL ends in #wechat_redirect, and a browser keeps a fragment across the
  // redirects back to us: it would stay in the address bar and in every shared link.
  const hash = url.hash === '#wechat_redirect' ? '' : url.hash;
  // Keep the router's own history state so Back still knows where it is.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${hash}`);
}

const STATE_KEY = 'oauth_state';

/** A fresh state for this tab, checked when the platform sends the customer back. */
export function newOAuthState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const state = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    sessionStorage.setItem(STATE_KEY, state);
  } catch {
    // Without sessionStorage the state cannot be checked; the return is then refused.
  }
  return state;
}

export function takeExpectedOAuthState(): string | null {
  try {
    const state = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    return state;
  } catch {
    return null;
  }
}

export function currentUrl(): string {
  return window.location.href;
}

const TICKET_PARAM = 'mpticket';

/** The one-time ticket a mini-program put in its web view's URL, if this page came with one. */
export function readMiniProgramTicket(): string | null {
  return new URLSearchParams(window.location.search).get(TICKET_PARAM);
}

/** A ticket works once: it leaves the address bar as soon as it was used, like an OAuth code. */
export function stripMiniProgramTicket(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(TICKET_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

const ATTEMPT_KEY = 'oauth_attempt';

/**
 * A platform sign-in this tab just left for. Coming back without a code (the customer declined)
 * must not leave for it again at once, or declining would loop; the login page is offered instead.
 */
export function noteOAuthAttempt(): void {
  try {
    sessionStorage.setItem(ATTEMPT_KEY, String(Date.now()));
  } catch {
    // Without sessionStorage a decline may be asked again; nothing worse.
  }
}

export function recentOAuthAttempt(withinMs = 60_000): boolean {
  try {
    const at = Number(sessionStorage.getItem(ATTEMPT_KEY) ?? 0);
    sessionStorage.removeItem(ATTEMPT_KEY);
    return Date.now() - at < withinMs;
  } catch {
    return false;
  }
}

const PURPOSE_KEY = 'oauth_purpose';

/** The WeChat round trip this tab left for only tells the payer's openid (no sign-in). */
export function notePayerBinding(): void {
  try {
    sessionStorage.setItem(PURPOSE_KEY, 'payer');
  } catch {
    // Without sessionStorage the code is used to sign in instead, which finds the same person.
  }
}

export function takePayerBinding(): boolean {
  try {
    const purpose = sessionStorage.getItem(PURPOSE_KEY);
    sessionStorage.removeItem(PURPOSE_KEY);
    return purpose === 'payer';
  } catch {
    return false;
  }
}
