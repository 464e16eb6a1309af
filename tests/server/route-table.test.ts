import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOf, PUBLIC_ROUTES, STAFF_SIGN_IN_ROUTES } from '../../server/lib/public-routes';
import { runCommand } from '../../server/ops/cli';
import { backends } from './helpers/databases';
import { multipartBody } from './helpers/multipart';
import { postForm, type SignedInBody } from './helpers/requests';
import { fieldSets, fill, paramsOf, routeTableApp, type RouteTableApp } from './helpers/route-table';
import { oneTimePasswordIn, signInStaff, type StaffClient } from './helpers/staff';

// Walks the routes Fastify itself was told of (not a list of ours): every private /api route
// is closed without a session, and no route answers a hostile value in any field with a 5xx.
const HOSTILE: Record<string, string | string[]> = {
  nul: 'a\u0000b',
  surrogate: 'a\ud800b',
  long: 'x'.repeat(10_000),
  array: ['a', 'b'],
};
// Percent-encoded for a URL path: a lone surrogate has no UTF-8, so its would-be bytes.
const IN_PATH: Record<string, string> = { nul: 'a%00b', surrogate: 'a%ED%A0%80b', long: 'x'.repeat(10_000) };
// Bodies kept as raw text for a signature check: only a real NUL byte in the text is one.
const RAW_BODY = new Set(['/api/pay/notify/:provider', '/api/identity/webhook/:provider', '/api/esim/notify']);
// Ending a session takes the fuzzing's sessions with it: these go last.
const LAST = new Set(['/api/user/logout', '/api/admin/logout']);
const STACK = /at .+\.(ts|js):\d+/;

type Refusal = { data?: { error?: string; fields?: Record<string, string> } };
/** The answer's envelope, or null when it is none (a page, a script, a probe's own JSON). */
function envelopeOf(res: LightMyRequestResponse): Refusal | null {
  try {
    return JSON.parse(res.body) as Refusal;
  } catch {
    return null;
  }
}

interface Sent {
  label: string;
  res: LightMyRequestResponse;
  /** Fields one of which a refusal must name: set when the NUL or half surrogate reaches the server as such. */
  refuses?: readonly string[];
}

describe.each(backends)('the route table on %s', (backend) => {
  let t: RouteTableApp;
  let token: string;
  let staff: StaffClient;
  let walkers = 0;
  /** A customer and an admin signed in, for walks that reach the handlers behind the sign-in. */
  const signIn = async () => {
    walkers += 1;
    const form = { username: `walker${walkers}`, email: `walker${walkers}@example.com`, password: 'walk12345' };
    const body = { ...form, repassword: form.password };
    token = (await postForm<SignedInBody>(t.app, '/api/user/register', body)).body.data.userinfo.token;
    staff = await signInStaff(t.app, 'admin');
    return { token, cookie: staff.cookie, 'x-csrf-token': staff.csrf, 'accept-language': 'zh-cn' };
  };
  beforeAll(async () => {
    t = await routeTableApp(backend);
    await signIn();
  });
  afterAll(() => t.close());

  /** Every route but the HEAD twins (they run their GET's handler); the logouts last, as they end the walk's sessions. */
  const walk = () => {
    const routes = t.routes.filter((r) => r.method !== 'HEAD');
    return [...routes.filter((r) => !LAST.has(r.url)), ...routes.filter((r) => LAST.has(r.url))];
  };
  const api = () => t.routes.filter((r) => r.url.startsWith('/api/'));
  const privateRoutes = () => api().filter((r) => accessOf(r.method, r.url) !== 'anyone');
  const errorOf = (res: LightMyRequestResponse) => res.json<{ data: { error?: string } }>().data.error ?? null;

  it('lists only routes that exist, and leaves most of the API closed', () => {
    const known = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    for (const listed of [...PUBLIC_ROUTES, ...STAFF_SIGN_IN_ROUTES])
      expect(known.has(`${listed.method} ${listed.url}`), `${listed.method} ${listed.url}`).toBe(true);
    expect(api().length).toBeGreaterThan(100);
    expect(privateRoutes().length).toBeGreaterThan(70);
  });

  it('answers 401 on every private /api route, for every method, without a session or with the wrong kind', async () => {
    const wrong: string[] = [];
    for (const route of privateRoutes()) {
      const staffRoute = route.url.startsWith('/api/admin/');
      const key = staffRoute ? 'STAFF_SIGN_IN_FIRST' : 'UNAUTHORIZED';
      // A customer's token opens no staff route, a staff cookie no customer route.
      const other = staffRoute ? { token } : { cookie: staff.cookie, 'x-csrf-token': staff.csrf };
      for (const headers of [{}, other]) {
        const res = await t.app.inject({ method: route.method as 'GET', url: fill(route.url), headers });
        const ok = res.statusCode === 401 && (route.method === 'HEAD' || errorOf(res) === key);
        if (!ok) wrong.push(`${route.method} ${route.url} ${JSON.stringify(headers)}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps a staff member who has not finished signing in out of every other staff route', async () => {
    const out = await runCommand(['staff', 'add', 'halfway', '--role', 'admin', '--name', 'Half Way'], {
      db: t.app.db,
      vault: t.app.documents,
      actor: 'test',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { login: 'halfway', password: oneTimePasswordIn(out) },
    });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const headers = { cookie, 'x-csrf-token': login.json<{ data: { csrf: string } }>().data.csrf };
    const wrong: string[] = [];
    for (const route of privateRoutes().filter((r) => accessOf(r.method, r.url) === 'staff')) {
      const res = await t.app.inject({ method: route.method as 'GET', url: fill(route.url), headers });
      if (res.statusCode !== 401) wrong.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/me', headers })).statusCode).toBe(200);
  });

  it('opens the public routes without a session', async () => {
    for (const route of api().filter((r) => accessOf(r.method, r.url) === 'anyone')) {
      const res = await t.app.inject({ method: route.method as 'GET', url: fill(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
    }
  });

  /**
   * Every request a route's fields get: one hostile value in one field, alone and among
   * plausible values of the others (so it gets past "fill in the password" to the database).
   * Without a schema, every name a handler might read at once.
   */
  function* hostileRequests(route: { method: string; url: string; schema: Record<string, unknown> }) {
    const base = fill(route.url);
    for (const [fields, others] of fieldSets(route.schema.querystring))
      for (const [name, value] of Object.entries(HOSTILE)) {
        // A URL carries no half surrogate (its would-be bytes are no UTF-8): only the NUL arrives as itself.
        const encoded = (v: string) => (name === 'surrogate' ? IN_PATH.surrogate! : encodeURIComponent(v));
        const query = fields.flatMap((field) => [value].flat().map((v) => `${field}=${encoded(v)}`));
        const url = `${base}?${[new URLSearchParams(others).toString(), ...query].filter(Boolean).join('&')}`;
        yield { label: `query ${fields.join()} ${name}`, url, refuses: name === 'nul' ? fields : undefined };
      }
    for (const param of paramsOf(route.url))
      for (const [name, raw] of Object.entries(IN_PATH)) {
        const url = fill(route.url, { name: param, raw });
        yield { label: `param ${param} ${name}`, url, refuses: name === 'nul' ? [param] : undefined };
      }
    if (route.method !== 'POST') return;
    const raw = RAW_BODY.has(route.url);
    for (const [fields, others] of fieldSets(route.schema.body)) {
      const body = (value: string | string[]) => ({ ...others, ...Object.fromEntries(fields.map((f) => [f, value])) });
      for (const [name, value] of Object.entries(HOSTILE)) {
        const refuses = !raw && (name === 'nul' || name === 'surrogate') ? fields : undefined;
        const payload = JSON.stringify(body(value));
        yield { label: `json ${fields.join()} ${name}`, url: base, type: 'application/json', payload, refuses };
      }
      const form = new URLSearchParams({ ...others, ...Object.fromEntries(fields.map((f) => [f, 'a\u0000b'])) });
      const type = 'application/x-www-form-urlencoded';
      yield {
        label: `form ${fields.join()} nul`,
        url: base,
        type,
        payload: form.toString(),
        refuses: raw ? undefined : fields,
      };
    }
    yield {
      label: 'text nul',
      url: base,
      type: 'text/plain',
      payload: 'a\u0000b',
      refuses: raw ? ['body'] : undefined,
    };
  }

  const send = async (
    method: string,
    request: { label: string; url: string; type?: string; payload?: string | Buffer; refuses?: readonly string[] },
    headers: Record<string, string>,
  ): Promise<Sent> => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: request.url,
      headers: { ...headers, ...(request.type ? { 'content-type': request.type } : {}) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    return { label: `${method} ${request.label}`, res, refuses: request.refuses };
  };

  const judge = (sent: Sent, wrong: string[]) => {
    const { res, refuses, label } = sent;
    if (res.statusCode >= 500 || STACK.test(res.body))
      wrong.push(`${label}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    else if (refuses !== undefined) {
      const data = envelopeOf(res)?.data;
      const named = refuses.some((field) => data?.fields?.[field]);
      if (res.statusCode !== 400 || data?.error !== 'BAD_REQUEST' || !named)
        wrong.push(`${label}: ${res.statusCode} ${res.body.slice(0, 160)} (should name ${refuses.join(' or ')})`);
    }
  };

  it('answers no hostile value in any field of any route with a 5xx, and refuses NUL naming the field', async () => {
    const creds = await signIn();
    const wrong: string[] = [];
    const routes = walk();
    for (const route of routes) {
      if (route === routes.find((r) => LAST.has(r.url))) {
        // Until here the walk was signed in, so it reached the handlers behind the sign-in.
        expect((await t.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: creds })).statusCode).toBe(200);
        expect((await staff.call('GET', '/api/admin/me')).status).toBe(200);
      }
      // Refused ones first: a logout route ends its session on the first value it takes.
      const requests = [...hostileRequests(route)].sort((a, b) => Number(!a.refuses) - Number(!b.refuses));
      for (const request of requests)
        judge(await send(route.method, { ...request, label: `${route.url} ${request.label}` }, creds), wrong);
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it('answers hostile headers and cookies on every route with no 5xx', async () => {
    const creds = await signIn();
    const wrong: string[] = [];
    const cookie = `${staff.cookie}; sandbox_wechat_openid=%E0%A4%A; sandbox_wechat_consent=%ED%A0%80`;
    const hostileHeaders: Record<string, string>[] = [
      { token: 'a\u0000b' },
      { 'accept-language': 'ja\u0000' },
      { 'x-forwarded-for': '\u0000' },
      { 'user-agent': 'a\ud800b', 'x-csrf-token': '\u0000' },
      { cookie },
    ];
    for (const route of walk())
      for (const headers of hostileHeaders) {
        const request = { label: `${route.url} ${Object.keys(headers)[0]}`, url: fill(route.url) };
        judge(await send(route.method, request, { ...creds, ...headers }), wrong);
      }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('refuses NUL in a header or cookie naming it, and answers broken paths, cookies and uploads with no 5xx', async () => {
    const creds = await signIn();
    const wrong: string[] = [];
    // On a public route nothing answers first: each is refused, named.
    for (const [header, value, named] of [
      ['token', 'a\u0000b', 'token'],
      ['accept-language', 'ja\u0000', 'accept-language'],
      ['x-forwarded-for', '\u0000', 'x-forwarded-for'],
      ['cookie', 'sm_lang=%00', 'sm_lang'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/common/init', headers: { [header]: value } });
      judge({ label: `init ${header}`, res, refuses: [named] }, wrong);
    }
    // The sandbox's own cookie decoding meets percent-encoding that does not decode.
    const authorize = `/sandbox/wechat/authorize?appid=${t.app.config.WECHAT_APP_ID}&redirect_uri=%2Fh5%2F&response_type=code`;
    for (const bad of ['%E0%A4%A', '%ED%A0%80', '%00']) {
      const res = await t.app.inject({
        method: 'GET',
        url: authorize,
        headers: { cookie: `sandbox_wechat_openid=${bad}; sandbox_wechat_consent=x` },
      });
      judge({ label: `authorize cookie ${bad}`, res }, wrong);
    }
    for (const url of [
      '/api/x/%00',
      '/api/admin/orders/%E0%A4%A',
      '/%00?%00=%00',
      '/h5/pages/confirm?orderNo=%00',
      '/h5/%E0%A4%A',
      `/api/admin/orders/${'x'.repeat(10_000)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: creds });
      judge({ label: url.slice(0, 60), res }, wrong);
      if (envelopeOf(res)?.data?.error === undefined)
        wrong.push(`${url.slice(0, 60)}: not an envelope (${res.statusCode})`);
    }
    // A multipart body is read by its handler: the document kind is one of a list.
    for (const [fields, name, refuses] of [
      [{ kind: 'a\u0000b' }, 'photo.jpg', ['kind']],
      [{ kind: 'passport' }, 'a\u0000.jpg', undefined],
    ] as const) {
      const { payload, contentType } = multipartBody(fields, { name, type: 'image/jpeg', bytes: Buffer.from('x') });
      const request = { label: `upload ${name}`, url: '/api/common/upload', type: contentType, payload, refuses };
      judge(await send('POST', request, creds), wrong);
    }
    // JSON nested deeper than a call stack goes, with a NUL at the bottom.
    const deep = `${'['.repeat(50_000)}"a\\u0000b"${']'.repeat(50_000)}`;
    const nested = { label: 'deep json', url: '/api/user/login', type: 'application/json', payload: deep };
    const deepest = await send('POST', nested, creds);
    judge(deepest, wrong);
    if (deepest.res.statusCode !== 400) wrong.push(`deep json: ${deepest.res.statusCode}`);
    expect(wrong).toEqual([]);
  });
});
