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

/** A form-encoded POST, as the app sends it (SPEC.md section 7). */
export async function postForm<T = Record<string, unknown>>(
  app: FastifyInstance,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh-cn', ...headers },
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
