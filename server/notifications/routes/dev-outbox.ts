import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboxQuerySchema } from '../../../contract/queries.js';
import { outbox } from '../../db/schema.js';
import { refused } from '../../lib/envelope.js';
import { escapeHtml, htmlPage } from '../../lib/html.js';
import { message } from '../../lib/messages.js';
import { withContract } from '../../lib/validate.js';
import { withOrigin } from '../outbox.js';

/**
 * The socket's own peer, never `request.ip`: behind TRUST_PROXY that comes from
 * X-Forwarded-For, which any client can write.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * Development only: every message of the outbox table, with how its delivery went. Never in production, and only
 * to this machine: the codes in it open any account.
 */
export async function devOutboxRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  // Answers like a route that does not exist, so the network learns nothing from it.
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopback(request.socket.remoteAddress)) return reply.status(404).send(refused(request.lang, 'NOT_FOUND'));
  });

  const latest = async (to?: string) => {
    const base = app.db.select().from(outbox);
    const filtered = to ? base.where(eq(outbox.recipient, to.toLowerCase())) : base;
    return filtered.orderBy(desc(outbox.id)).limit(50);
  };

  app.get('/dev/outbox.json', { schema: { querystring: outboxQuerySchema } }, async (request) => {
    const { to } = request.query;
    const origin = app.config.PUBLIC_URL;
    return { messages: (await latest(to)).map((m) => ({ ...m, body: withOrigin(m.body, origin) })) };
  });

  app.get('/dev/outbox', { schema: { querystring: outboxQuerySchema } }, async (request, reply) => {
    const { to } = request.query;
    const lang = request.lang;
    const rows = (await latest(to))
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.createdAt.toISOString())}</td><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.recipient)}</td><td><strong>${escapeHtml(m.subject)}</strong><pre>${escapeHtml(withOrigin(m.body, app.config.PUBLIC_URL))}</pre></td><td>${escapeHtml(`${m.status} (${m.attempts})${m.lastError ? `: ${m.lastError}` : ''}`)}</td></tr>`,
      )
      .join('');
    const title = message(lang, 'sandbox.outboxTitle');
    const body = `<h1>${escapeHtml(title)}</h1><table><thead><tr><th>${escapeHtml(message(lang, 'sandbox.outboxTime'))}</th><th>${escapeHtml(message(lang, 'sandbox.outboxChannel'))}</th><th>${escapeHtml(message(lang, 'sandbox.outboxTo'))}</th><th>${escapeHtml(message(lang, 'sandbox.outboxMessage'))}</th><th>${escapeHtml(message(lang, 'sandbox.outboxStatus'))}</th></tr></thead><tbody>${rows || `<tr><td colspan="5">${escapeHtml(message(lang, 'sandbox.outboxEmpty'))}</td></tr>`}</tbody></table>`;
    return reply.type('text/html').send(htmlPage(lang, title, body));
  });
}
