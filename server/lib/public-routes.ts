/**
 * Who may call a route of the API. Every route under /api needs a signed-in customer, and
 * every route under /api/admin a signed-in staff member, unless it is listed here with why:
 * a new route is closed until someone decides otherwise (plugins/access.ts enforces it,
 * tests/server/route-table.test.ts walks every route Fastify knows). Routes outside /api
 * (pages, assets, health probes, the sandbox stand-ins and the development outbox) answer
 * no one's personal data through this rule and are not its concern.
 */

export type Access = 'anyone' | 'customer' | 'staff' | 'staff-signing-in';

interface Listed {
  method: 'GET' | 'POST';
  url: string;
  why: string;
}

/** Routes anyone may call; their handlers check whatever proof the caller brings. */
export const PUBLIC_ROUTES: readonly Listed[] = [
  { method: 'GET', url: '/api/common/init', why: 'the app configuration every page loads before anyone signs in' },
  { method: 'GET', url: '/api/banner/lists', why: 'home page content' },
  { method: 'GET', url: '/api/index/store', why: 'home page content: the stores' },
  { method: 'GET', url: '/api/setmeal/lists', why: 'home page content: the plans, shown before buying' },
  { method: 'GET', url: '/api/faq/lists', why: 'help for visitors, signed in or not' },
  { method: 'GET', url: '/api/page/detail', why: 'terms and privacy pages, read before signing up' },
  { method: 'GET', url: '/api/wechat/jssdk', why: 'wx.config on any page in WeChat; it signs only our own URLs' },
  { method: 'POST', url: '/api/user/register', why: 'signing up' },
  { method: 'POST', url: '/api/user/login', why: 'signing in' },
  { method: 'POST', url: '/api/user/fast_register', why: 'signing up with an address only, at the purchase' },
  { method: 'POST', url: '/api/user/activation', why: 'the mailed code sets the first password' },
  { method: 'POST', url: '/api/user/retrieve', why: 'the mailed code resets a forgotten password' },
  { method: 'POST', url: '/api/user/auth_code', why: 'WeChat or Alipay sign-in: the platform code is the proof' },
  { method: 'POST', url: '/api/handoff/redeem', why: 'the browser a one-time link opens has no session yet' },
  { method: 'POST', url: '/api/miniprogram/ticket', why: "a mini-program's login code buys its web view a ticket" },
  { method: 'GET', url: '/api/pay/return/card', why: "the card issuer's redirect after 3-D Secure, no session" },
  { method: 'POST', url: '/api/pay/return/card', why: "the card issuer's cross-site POST after 3-D Secure" },
  { method: 'POST', url: '/api/pay/notify/:provider', why: "server to server, proved by the provider's signature" },
  {
    method: 'POST',
    url: '/api/identity/webhook/:provider',
    why: "server to server: the eKYC provider's webhook, proved by its HMAC signature and timestamp",
  },
  {
    method: 'POST',
    url: '/api/esim/notify',
    why: "server to server: the carrier's eSIM install notice, proved by its HMAC signature and timestamp",
  },
  {
    method: 'GET',
    url: '/api/receipt/file',
    why: 'a receipt PDF opened from a plain link (no token header): the short-lived link is the proof',
  },
  { method: 'POST', url: '/api/admin/login', why: "the staff sign-in's first step, the password" },
  { method: 'POST', url: '/api/admin/logout', why: 'clears a stale cookie; a live session needs its CSRF token' },
];

/**
 * Staff routes of the sign-in steps after the password (TOTP set-up and code, the first own
 * password, who am I): a session at any stage reaches them and the handler names the stages
 * it takes. Every other staff route needs a session that finished signing in.
 */
export const STAFF_SIGN_IN_ROUTES: readonly Listed[] = [
  { method: 'GET', url: '/api/admin/me', why: 'the console asks which step comes next' },
  { method: 'GET', url: '/api/admin/totp/setup', why: 'the QR code of the first sign-in' },
  { method: 'POST', url: '/api/admin/totp', why: 'the authenticator code' },
  { method: 'POST', url: '/api/admin/password', why: 'the first password of their own' },
];

const keyOf = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;
const open = new Set(PUBLIC_ROUTES.map((route) => keyOf(route.method, route.url)));
const signingIn = new Set(STAFF_SIGN_IN_ROUTES.map((route) => keyOf(route.method, route.url)));

/** Who may call `method` on the route pattern `url` (as declared, `/api/pay/notify/:provider`); HEAD as GET. */
export function accessOf(method: string, url: string): Access {
  const key = keyOf(method, url);
  if (!url.startsWith('/api/') || open.has(key)) return 'anyone';
  if (!url.startsWith('/api/admin/')) return 'customer';
  return signingIn.has(key) ? 'staff-signing-in' : 'staff';
}
