import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../../contract/api';
import type { Database } from '../../../server/db/client';
import { outbox } from '../../../server/db/schema';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: Envelope<T>;
  raw: string;
}

const agents = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'user-agents.json'), 'utf8')) as {
  cases: { ua: string; expect: string; desktop: boolean }[];
};

/** A real user agent of a container (contract/detect.ts), on a phone unless `desktop`. */
export function agentOf(container: string, desktop = false): string {
  const found = agents.cases.find((c) => c.expect === container && c.desktop === desktop);
  if (!found) throw new Error(`no ${container} user agent in the fixtures`);
  return found.ua;
}

// The container each payment scene runs in (contract/containers.ts): a payment is made from where it
// can run unless a test says otherwise with its own user-agent header.
const SCENE_AGENT: Record<string, [string, boolean]> = {
  jsapi: ['wechat', false],
  native: ['wechat-desktop', true],
  h5: ['browser', false],
  app: ['alipay', false],
  wap: ['browser', false],
  page: ['browser', true],
  alipayplus: ['alipay-hk', false],
  card: ['browser', false],
};

/** A form-encoded POST, as the app sends it (docs/requirements.md#calls). */
export async function postForm<T = Record<string, unknown>>(
  app: FastifyInstance,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const scene = url === '/api/pay/create' ? SCENE_AGENT[form.scene ?? 'card'] : undefined;
  const agent = scene ? { 'user-agent': agentOf(...scene) } : {};
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': 'zh-cn',
      ...agent,
      ...headers,
    },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>(), raw: res.body };
}

export async function getJson<T = Record<string, unknown>>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-cn', ...headers } });
  return { status: res.statusCode, body: res.json<Envelope<T>>(), raw: res.body };
}

/** The newest mail the outbox holds for an address, and the 6-digit code in it. */
export async function lastMail(
  db: Database,
  to: string,
): Promise<{ subject: string; body: string; code: string } | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1);
  if (!row) return null;
  return { subject: row.subject, body: row.body, code: /\b(\d{6})\b/.exec(row.body)?.[1] ?? '' };
}

export interface SignedInBody {
  userinfo: { id: number; username: string; email: string | null; token: string; hasPassword: boolean };
}
