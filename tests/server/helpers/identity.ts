import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_EKYC_SECRET, webhookHeaders } from '../../../server/identity/index';

/** What the sandbox provider reports of the demo purchase form's customer (李 华, 1999-04-12, 171-0021). */
export const identityEvent = (
  ref: string,
  status: string,
  occurredAt = new Date(),
  changes: Record<string, unknown> = {},
) => ({
  event_id: randomUUID(),
  verification_id: ref,
  status,
  occurred_at: occurredAt.toISOString(),
  result: {
    names: ['LI HUA', '李 华'],
    birth_date: '1999-04-12',
    postal_code: '1710021',
    address: '東京都豊島区西池袋1-2-3',
    document_type: 'residence_card',
    document_number_last4: '5678',
    expiry_date: '2030-01-01',
    ...changes,
  },
});

/** A webhook as the sandbox provider signs it, straight to the route. */
export const identityWebhook = (
  app: FastifyInstance,
  body: Record<string, unknown>,
  at = new Date(),
  secret = SANDBOX_EKYC_SECRET,
) => {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/api/identity/webhook/sandbox',
    headers: webhookHeaders(secret, raw, at),
    payload: raw,
  });
};

/** The sandbox provider's reference, from the URL a start answered. */
export const providerRefOf = (url: string) => url.split('/sandbox/ekyc/')[1]!;
