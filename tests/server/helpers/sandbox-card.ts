import type { FastifyInstance } from 'fastify';

/** A token from the sandbox card gateway, as the card page gets one before it creates a payment. */
export async function sandboxCardToken(app: FastifyInstance, cardno = '4111111111111111'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/gmo/token',
    payload: { shopId: 'tshop00000001', cardno, expire: '2812', securitycode: '123', holdername: 'LI HUA' },
  });
  const token = res.json<{ tokenObject: { token?: string[] } }>().tokenObject.token?.[0];
  if (!token) throw new Error(`no card token: ${res.body}`);
  return token;
}
