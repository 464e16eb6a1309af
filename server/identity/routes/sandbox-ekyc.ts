import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLang, type Lang } from '../../../contract/api.js';
import { PROVIDER_OUTCOMES, VERIFIED_DOCUMENTS } from '../../../contract/identity-rules.js';
import { LANG_COOKIE } from '../../../contract/page-render.js';
import { sandboxNotifyDelay } from '../../config.js';
import { identityVerifications, orders } from '../../db/schema.js';
import { escapeHtml, htmlPage } from '../../lib/html.js';
import { message } from '../../lib/messages.js';
import { withContract } from '../../lib/validate.js';
import { webhookHeaders } from '../providers/webhook-signature.js';

const refSchema = z.object({ providerRef: z.string().max(100) });
const pageQuerySchema = z.object({ outOfOrder: z.string().max(10).optional() });
const field = (max: number) => z.string().max(max).optional().default('');
const submitSchema = z.object({
  outcome: z.enum(PROVIDER_OUTCOMES),
  name: field(200),
  birthday: field(20),
  postcode: field(20),
  address: field(500),
  documentType: z.enum(VERIFIED_DOCUMENTS).optional().default('residence_card'),
  last4: z
    .string()
    .regex(/^[0-9A-Za-z]{4}$/)
    .optional()
    .default('1234'),
  outOfOrder: field(10),
});

const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000];

/** The sandbox page's language: the app's cookie, else Accept-Language. */
const langOf = (request: FastifyRequest): Lang => {
  const cookie = request.cookies[LANG_COOKIE];
  return isLang(cookie) ? cookie : request.lang;
};

/**
 * The eKYC provider's app, played by this server: the tester picks the outcome (and, for a
 * success, what the chip "says"), and the provider's signed webhooks follow, as a real
 * provider's do: a moment later, each twice, optionally out of order, retried until answered 2xx.
 */
export function sandboxEkycRoutes(secret: string) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    const app = withContract(fastify);

    const find = async (providerRef: string) => {
      const [row] = await app.db
        .select({ verification: identityVerifications, order: orders })
        .from(identityVerifications)
        .innerJoin(orders, eq(orders.id, identityVerifications.orderId))
        .where(and(eq(identityVerifications.provider, 'sandbox'), eq(identityVerifications.providerRef, providerRef)))
        .limit(1);
      return row ?? null;
    };

    app.get(
      '/sandbox/ekyc/:providerRef',
      { schema: { params: refSchema, querystring: pageQuerySchema } },
      async (request, reply) => {
        const lang = langOf(request);
        const title = message(lang, 'sandbox.ekycTitle');
        const found = await find(request.params.providerRef);
        if (!found) return reply.status(404).type('text/plain').send('no such verification');
        const { verification, order } = found;
        const ref = escapeHtml(request.params.providerRef);
        if (verification.status !== 'pending')
          return reply
            .type('text/html')
            .send(
              htmlPage(
                lang,
                title,
                `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message(lang, 'sandbox.ekycClosed'))}</p>`,
              ),
            );
        const info = order.info;
        const input = (name: string, label: string, value: string) =>
          `<label>${escapeHtml(message(lang, label))}<input name="${name}" value="${escapeHtml(value)}"></label>`;
        const reverse = request.query.outOfOrder ? '1' : '';
        const hidden = (outcome: string) =>
          `<input type="hidden" name="outcome" value="${outcome}"><input type="hidden" name="outOfOrder" value="${reverse}">`;
        const other = PROVIDER_OUTCOMES.filter((o) => o !== 'verified')
          .map(
            (o) =>
              `<form method="post" action="/sandbox/ekyc/${ref}">${hidden(o)}<p><button type="submit" style="background:#555">${escapeHtml(message(lang, `sandbox.ekyc_${o}`))}</button></p></form>`,
          )
          .join('\n');
        const options = VERIFIED_DOCUMENTS.map(
          (d) => `<option value="${d}">${escapeHtml(message(lang, `identity.document.${d}`))}</option>`,
        ).join('');
        const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message(lang, 'sandbox.ekycIntro'))}</p>
<p>${escapeHtml(message(lang, 'sandbox.ekycMethod', { method: message(lang, `sandbox.ekycMethod_${verification.method}`) }))}</p>
<form method="post" action="/sandbox/ekyc/${ref}">${hidden('verified')}
${input('name', 'sandbox.ekycName', `${info.lastName ?? ''} ${info.firstName ?? ''}`.trim())}
${input('birthday', 'sandbox.ekycBirthday', info.birthday ?? '')}
${input('postcode', 'sandbox.ekycPostcode', info.postcode ?? '')}
${input('address', 'sandbox.ekycAddress', [info.province, info.city, info.district, info.block].filter(Boolean).join(''))}
<label>${escapeHtml(message(lang, 'sandbox.ekycDocument'))}<select name="documentType" style="display:block;width:100%;min-height:44px;font:inherit;margin-top:4px">${options}</select></label>
${input('last4', 'sandbox.ekycLast4', '1234')}
<p><button type="submit">${escapeHtml(message(lang, 'sandbox.ekyc_verified'))}</button></p></form>
${other}`;
        return reply.type('text/html').send(htmlPage(lang, title, body));
      },
    );

    app.post(
      '/sandbox/ekyc/:providerRef',
      { schema: { params: refSchema, body: submitSchema } },
      async (request, reply) => {
        const lang = langOf(request);
        const title = message(lang, 'sandbox.ekycTitle');
        const found = await find(request.params.providerRef);
        if (!found) return reply.status(404).type('text/plain').send('no such verification');
        const b = request.body;
        const now = Date.now();
        const events = [
          {
            event_id: randomUUID(),
            verification_id: request.params.providerRef,
            status: 'in_progress',
            occurred_at: new Date(now - 1000).toISOString(),
            result: null,
          },
          {
            event_id: randomUUID(),
            verification_id: request.params.providerRef,
            status: b.outcome,
            occurred_at: new Date(now).toISOString(),
            result:
              b.outcome === 'verified'
                ? {
                    names: [b.name],
                    birth_date: b.birthday,
                    postal_code: b.postcode,
                    address: b.address,
                    document_type: b.documentType,
                    document_number_last4: b.last4,
                    expiry_date: '2030-12-31',
                  }
                : null,
          },
        ];
        if (b.outOfOrder) events.reverse();
        sendSandboxWebhooks(
          app,
          secret,
          events.map((e) => JSON.stringify(e)),
          sandboxNotifyDelay(app.config),
        );
        const back = `/h5/pages/process/verify?orderNo=${encodeURIComponent(found.order.orderNo)}`;
        return reply
          .type('text/html')
          .send(
            htmlPage(
              lang,
              title,
              `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message(lang, 'sandbox.ekycDone'))}</p><p><a href="${escapeHtml(back)}">${escapeHtml(message(lang, 'sandbox.ekycReturn'))}</a></p>`,
            ),
          );
      },
    );
  };
}

/** Each body signed and delivered twice, in the order given, each retried while not answered 2xx. */
export function sendSandboxWebhooks(app: FastifyInstance, secret: string, bodies: string[], delayMs: number): void {
  const deliver = async (body: string, attempt: number): Promise<void> => {
    let acknowledged = false;
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/identity/webhook/sandbox',
        headers: webhookHeaders(secret, body, new Date()),
        payload: body,
      });
      acknowledged = res.statusCode >= 200 && res.statusCode < 300;
    } catch {
      acknowledged = false;
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (!acknowledged && delay !== undefined) setTimeout(() => void deliver(body, attempt + 1), delay).unref();
  };
  const all = async () => {
    for (const body of bodies) await deliver(body, 0);
    // Providers do send duplicates.
    setTimeout(() => void Promise.all(bodies.map((body) => deliver(body, RETRY_DELAYS_MS.length))), 300).unref();
  };
  if (delayMs > 0) setTimeout(() => void all(), delayMs).unref();
  else void all();
}
