import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../db/schema.js';
import { escapeHtml, htmlPage } from '../lib/html.js';
import { message } from '../lib/messages.js';

/** Development only: the mail and SMS that would have been sent. Never in production. */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  const query = { type: 'object', properties: { to: { type: 'string', maxLength: 254 } } };

  const latest = async (to?: string) => {
    const base = app.db.select().from(outbox);
    const filtered = to ? base.where(eq(outbox.recipient, to.toLowerCase())) : base;
    return filtered.orderBy(desc(outbox.id)).limit(50);
  };

  app.get('/dev/outbox.json', { schema: { querystring: query } }, async (request) => {
    const { to } = request.query as { to?: string };
    return { messages: await latest(to) };
  });

  app.get('/dev/outbox', { schema: { querystring: query } }, async (request, reply) => {
    const { to } = request.query as { to?: string };
    const lang = request.lang;
    const rows = (await latest(to))
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.createdAt.toISOString())}</td><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.recipient)}</td><td><strong>${escapeHtml(m.subject)}</strong><pre>${escapeHtml(m.body)}</pre></td></tr>`,
      )
      .join('');
    const title = message(lang, 'sandbox.outboxTitle');
    const body = `<h1>${escapeHtml(title)}</h1><table><thead><tr><th>${escapeHtml(message(lang, 'sandbox.outboxTime'))}</th><th>${escapeHtml(message(lang, 'sandbox.outboxChannel'))}</th><th>${escapeHtml(message(lang, 'sandbox.outboxTo'))}</th><th>${escapeHtml(message(lang, 'sandbox.outboxMessage'))}</th></tr></thead><tbody>${rows || `<tr><td colspan="4">${escapeHtml(message(lang, 'sandbox.outboxEmpty'))}</td></tr>`}</tbody></table>`;
    return reply.type('text/html').send(htmlPage(lang, title, body));
  });
}
