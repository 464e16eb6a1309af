import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import type { Envelope } from '../../../contract/api';
import type { StaffRole } from '../../../contract/staff-roles';
import { runCommand } from '../../../server/ops/cli';

export interface StaffClient {
  login: string;
  cookie: string;
  csrf: string;
  secret: string;
  /** A JSON call of the staff API with this session's cookie and CSRF token. */
  call<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: Envelope<T>; headers: Record<string, unknown>; raw: string; rawPayload: Buffer }>;
}

let counter = 0;

/** The one-time password `npm run ops -- staff add` printed. */
export const oneTimePasswordIn = (output: string) => /one-time password: (\S+)/.exec(output)?.[1] ?? '';

/** A TOTP code for `secret` at `at`. */
export const totpCode = (secret: string, at = new Date()) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

const cookieOf = (setCookie: unknown) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

/**
 * A staff member of `role` created by the ops command and signed in all the way: one-time
 * password, TOTP set up from the secret the console shows, a password of their own.
 */
export async function signInStaff(
  app: FastifyInstance,
  role: StaffRole,
  options: { login?: string; name?: string; ip?: string } = {},
): Promise<StaffClient> {
  counter += 1;
  const login = options.login ?? `${role}${counter}x`;
  const out = await runCommand(
    ['staff', 'add', login, '--role', role, '--name', options.name ?? `${role} ${counter}`],
    {
      db: app.db,
      vault: app.documents,
      actor: 'test',
    },
  );
  const password = oneTimePasswordIn(out);
  const headers = {
    'content-type': 'application/json',
    'accept-language': 'zh-cn',
    'x-forwarded-for': options.ip ?? '',
  };
  const login1 = await app.inject({ method: 'POST', url: '/api/admin/login', headers, payload: { login, password } });
  const cookie = cookieOf(login1.headers['set-cookie']);
  const csrf = login1.json<Envelope<{ csrf: string }>>().data.csrf;
  const setup = await app.inject({ method: 'GET', url: '/api/admin/totp/setup', headers: { cookie } });
  const secret = setup.json<Envelope<{ secret: string }>>().data.secret;
  const call: StaffClient['call'] = async (method, url, body) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        cookie,
        'x-csrf-token': csrf,
        'accept-language': 'zh-cn',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    let parsed: unknown = null;
    try {
      parsed = res.json();
    } catch {
      parsed = null;
    }
    return {
      status: res.statusCode,
      body: parsed as never,
      headers: res.headers,
      raw: res.body,
      rawPayload: res.rawPayload,
    };
  };
  await call('POST', '/api/admin/totp', { code: await totpCode(secret) });
  await call('POST', '/api/admin/password', { password: `${login}-own-password-2026` });
  return { login, cookie, csrf, secret, call };
}
